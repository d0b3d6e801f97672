import path from 'node:path';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../lib/http-errors.js';
import { loadExcel } from '../../lib/optional-modules.js';
import { type Encoding, encodingOf } from './import-encoding.js';

export type ImportFormat = 'csv' | 'xlsx';

/** At least 50 MB, as the import promises; a 100,000-row contact sheet is about 15 MB. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export const fileMessages = {
  tooLarge: 'The file is larger than 64 MB. Split it into smaller files and import them one after another.',
  wrongType:
    'Only CSV and XLSX files can be imported. In Excel, choose File › Save As › "CSV UTF-8" or "Excel Workbook (.xlsx)".',
  empty: 'The file is empty: it has no rows to import.',
  noRows: 'The file has a header row but no rows to import.',
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
    }),
  ) as AsyncIterable<string[]>;
}

/** A cell of a workbook as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return value.getUTCHours() || value.getUTCMinutes()
      ? value.toISOString()
      : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error) return '';
    return '';
  }
  return String(value);
}

async function* xlsxRows(open: OpenFile): AsyncGenerator<string[]> {
  const reader = new (loadExcel().stream.xlsx.WorkbookReader)(await open(), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  // The first sheet only: a workbook's other sheets are usually notes or lookups.
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // Blank rows are skipped, as a CSV's empty lines are.
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (values.some((v) => v.trim() !== '')) yield values;
    }
    return;
  }
}

/**
 * The rows of an import file, the header first, each with its row number. Bad CSV structure and
 * unreadable workbooks are answered with a message saying what to do.
 */
export async function* readRows(
  open: OpenFile,
  format: ImportFormat,
  dialect?: CsvDialect,
): AsyncGenerator<FileRow> {
  let rowNumber = 0;
  try {
    const rows = format === 'csv' ? csvRows(open, dialect ?? (await sniffCsv(open))) : xlsxRows(open);
    for await (const values of rows) {
      rowNumber++;
      yield { rowNumber, values: (values as string[]).map((v) => v.trim()) };
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    if (format === 'xlsx') throw badRequest(fileMessages.notXlsx);
    throw badRequest(fileMessages.badCsv(rowNumber + 1));
  }
}

export interface FileSummary {
  headers: string[];
  samples: string[][];
  totalRows: number;
  encoding: Encoding | null;
  delimiter: string | null;
}

/** Reads a whole uploaded file once: its header, a few sample rows and how many rows it has. */
export async function inspectFile(open: OpenFile, size: number, format: ImportFormat): Promise<FileSummary> {
  if (size === 0) throw badRequest(fileMessages.empty);
  if (format === 'xlsx') {
    const stream = await open();
    const [first] = (await stream.take(1).toArray()) as Buffer[];
    stream.destroy();
    if (!first?.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(fileMessages.notXlsx);
  }
  const dialect = format === 'csv' ? await sniffCsv(open) : undefined;
  let headers: string[] | undefined;
  const samples: string[][] = [];
  let totalRows = 0;
  for await (const row of readRows(open, format, dialect)) {
    if (!headers) {
      headers = row.values;
      continue;
    }
    totalRows++;
    if (samples.length < 5) samples.push(row.values);
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
