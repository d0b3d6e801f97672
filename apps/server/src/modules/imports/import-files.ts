import path from 'node:path';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { restoreNeutralised } from '../../lib/formula-cells.js';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import { type Encoding, encodingOf } from './import-encoding.js';
import { limitMessages, MAX_ROW_CHARS, overLimit, RowBudget } from './import-limits.js';
import { workbookRows } from './workbook-reader.js';
import { WorkbookZip } from './workbook-zip.js';

export { MAX_IMPORT_BYTES } from './import-limits.js';

export type ImportFormat = 'csv' | 'xlsx';

export const fileMessages = {
  tooLarge: 'The file is larger than 64 MB. Split it into smaller files and import them one after another.',
  wrongType:
    'Only CSV and XLSX files can be imported. In Excel, choose File › Save As › "CSV UTF-8" or "Excel Workbook (.xlsx)".',
  empty: 'The file is empty: it has no rows to import.',
  noRows: 'The file has no data rows',
  noHeader: 'The first row must name the columns (for example Name, Surname, Phone Number).',
  notXlsx: 'The file could not be read as an Excel workbook. Save it again as .xlsx, or as "CSV UTF-8".',
  binary: 'The file is not a text CSV file. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)".',
  encoding:
    'The file’s characters could not be read. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and import that file.',
  badCsv: (line: number) =>
    `The file is not valid CSV near line ${line}: check for an unclosed quotation mark.`,
} as const;

export function formatOf(filename: string): ImportFormat {
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  throw badRequest(fileMessages.wrongType);
}

export interface FileRow {
  /** The row's line in the spreadsheet (the header is row 1). */
  rowNumber: number;
  values: string[];
}

export interface CsvDialect {
  encoding: Encoding;
  delimiter: string;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const HEAD_BYTES = 64 * 1024;

/** Opens the stored file from its start (the store may be a folder or a bucket). */
export type OpenFile = () => Promise<Readable>;

/** An import's file, and the folder where a workbook is copied while it is read (see WorkbookZip). */
export interface ImportSource {
  open: OpenFile;
  scratchDir: string;
}

/** Where workbooks are copied while they are read: DATA_DIR/tmp, on the data disk rather than a RAM /tmp. */
export function scratchDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'tmp');
}

/**
 * How a CSV file is written (see `encodingOf`) and which of ; , and tab its header line holds most
 * of. A file with a ZIP signature, or NUL bytes outside UTF-16, is not text and is refused.
 */
export async function sniffCsv(open: OpenFile): Promise<CsvDialect> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  const rawHead: Buffer[] = [];
  let rawLength = 0;
  let first = true;
  let utf16 = false;
  for await (const chunk of (await open()) as AsyncIterable<Buffer>) {
    if (first) {
      if (chunk.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(fileMessages.binary);
      // Half the bytes of UTF-16 text are NUL: only its head is read, to find the separator.
      utf16 = (chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff);
      first = false;
    }
    if (rawLength < HEAD_BYTES) {
      rawHead.push(chunk);
      rawLength += chunk.length;
    }
    if (utf16) {
      if (rawLength >= HEAD_BYTES) break;
      continue;
    }
    if (chunk.includes(0)) throw badRequest(fileMessages.binary);
    if (utf8) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        utf8 = false;
      }
    }
  }
  if (utf8 && !utf16) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  const head = Buffer.concat(rawHead).subarray(0, HEAD_BYTES);
  const encoding = encodingOf(head, utf8 && !utf16);
  if (!encoding) throw badRequest(fileMessages.encoding);
  const text = iconv.decode(head, encoding);
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, headerLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return {
    encoding,
    delimiter: (counts[0]?.[1] ?? 0) > 0 ? (counts[0]?.[0] ?? ',') : ',',
  };
}

async function* csvRows(open: OpenFile, dialect: CsvDialect): AsyncGenerator<string[]> {
  const source = await open();
  // UTF-8 goes to the parser as bytes (it drops the BOM); any other encoding is decoded to text
  // first (iconv-lite drops a UTF-16 BOM).
  const decoded = dialect.encoding === 'utf-8' ? source : source.pipe(iconv.decodeStream(dialect.encoding));
  yield* decoded.pipe(
    parse({
      bom: true,
      delimiter: dialect.delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      // A row is held whole while it is parsed: a file that is one 60 MB line must not be.
      max_record_size: MAX_ROW_CHARS,
    }),
  ) as AsyncIterable<string[]>;
}

/**
 * The rows of an import file, the header first, each with its row number. Rows after the header
 * that hold nothing (",,,," included) are skipped, as empty lines are. A value an export
 * neutralised (a leading apostrophe before = + - @) is read as it was. Bad CSV structure,
 * unreadable workbooks and files past a bound (import-limits.ts) are answered with a message
 * saying what to do; a workbook's scratch copy is removed however the read ends.
 */
export async function* readRows(
  source: ImportSource,
  format: ImportFormat,
  dialect?: CsvDialect,
): AsyncGenerator<FileRow> {
  let rowNumber = 0;
  const budget = new RowBudget();
  try {
    const rows =
      format === 'csv'
        ? csvRows(source.open, dialect ?? (await sniffCsv(source.open)))
        : WorkbookZip.using(source.open, source.scratchDir, workbookRows);
    for await (const raw of rows) {
      const values = raw.map((value) => restoreNeutralised(value).trim());
      if (rowNumber > 0 && values.every((value) => value === '')) continue;
      budget.take(values, rowNumber === 0);
      rowNumber++;
      yield { rowNumber, values };
    }
  } catch (error) {
    // Our own answers, and the disk's or the store's failures (ENOSPC, EACCES…), are not the file's fault.
    if (error instanceof HttpError || /^E[A-Z]+$/.test(String((error as { code?: unknown }).code)))
      throw error;
    if (format === 'xlsx') throw badRequest(fileMessages.notXlsx);
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw overLimit(limitMessages.rowChars);
    throw badRequest(fileMessages.badCsv(rowNumber + 1));
  }
}

/** What the import list keeps of a sample cell or a column's name: the wizard shows a glimpse. */
export const SAMPLE_CHARS = 200;
export const SAMPLE_ROWS = 5;

export function clipCell(value: string): string {
  if (value.length <= SAMPLE_CHARS) return value;
  // Cut before a surrogate pair rather than through it.
  const code = value.charCodeAt(SAMPLE_CHARS - 2);
  const end = code >= 0xd800 && code <= 0xdbff ? SAMPLE_CHARS - 2 : SAMPLE_CHARS - 1;
  return `${value.slice(0, end)}…`;
}

export interface FileSummary {
  headers: string[];
  samples: string[][];
  totalRows: number;
  encoding: Encoding | null;
  delimiter: string | null;
}

/**
 * Reads a whole uploaded file once: its header, a few sample rows (each cell clipped) and how many
 * rows it has. Every bound is checked here, so a file past one is refused at upload.
 */
export async function inspectFile(
  source: ImportSource,
  size: number,
  format: ImportFormat,
): Promise<FileSummary> {
  if (size === 0) throw badRequest(fileMessages.empty);
  if (format === 'xlsx') {
    const stream = await source.open();
    const [first] = (await stream.take(1).toArray()) as Buffer[];
    stream.destroy();
    if (!first?.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(fileMessages.notXlsx);
  }
  const dialect = format === 'csv' ? await sniffCsv(source.open) : undefined;
  let headers: string[] | undefined;
  const samples: string[][] = [];
  let totalRows = 0;
  for await (const row of readRows(source, format, dialect)) {
    if (!headers) {
      headers = row.values;
      continue;
    }
    totalRows++;
    if (samples.length < SAMPLE_ROWS) samples.push(row.values.map(clipCell));
  }
  if (!headers) throw badRequest(fileMessages.empty);
  if (headers.every((h) => h === '') || new Set(headers.filter(Boolean)).size === 0)
    throw badRequest(fileMessages.noHeader);
  if (totalRows === 0) throw badRequest(fileMessages.noRows);
  return {
    headers,
    samples,
    totalRows,
    encoding: dialect?.encoding ?? null,
    delimiter: dialect?.delimiter ?? null,
  };
}
