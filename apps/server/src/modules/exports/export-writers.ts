import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '../../lib/formula-cells.js';
import { loadExcel } from '../../lib/optional-modules.js';
import type { Cell } from './export-lists.js';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A sheet being written: rows go in a page at a time, each call waiting while the reader is behind. */
export interface SheetWriter {
  output: PassThrough;
  writePage(rows: Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

/**
 * A text a spreadsheet would run as a formula is written with a leading apostrophe (see
 * lib/formula-cells.ts); numbers, and texts that are plain numbers, are left alone. The workbook's
 * text cells get it too: they are never run in the workbook, but are once saved from it as CSV.
 */
function safeCell(value: Cell): Cell {
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/** Whether a writable holds more than its mark: Node's streams say so, readable-stream 2 (the zip's) in its state. */
function needsDrain(stream: Writable): boolean {
  const state = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? state?.needDrain ?? false;
}

/**
 * Waits until `stream` can take more, or fails once the download is gone (the client went away):
 * a writer waiting for a drain that never comes would keep the export's pages in memory.
 */
async function drained(stream: Writable, output: PassThrough = stream as PassThrough): Promise<void> {
  if (output.destroyed) throw new Error('The download was closed');
  if (!needsDrain(stream)) return;
  // Both waits end (and drop their listeners) as soon as one of them does.
  const done = new AbortController();
  const drain = once(stream, 'drain', { signal: done.signal }).then(
    () => 'drain' as const,
    () => 'aborted' as const,
  );
  const close = once(output, 'close', { signal: done.signal }).then(
    () => 'close' as const,
    () => 'aborted' as const,
  );
  const first = await Promise.race([drain, close]);
  done.abort();
  if (first === 'close') throw new Error('The download was closed');
}

/**
 * CSV a page at a time: each page is one string and one write. Row by row, every row was a write
 * through the stringifier's stream, the download's and the compressor's (a brotli call per
 * 150-byte row), which cost more than reading the rows.
 */
export function csvWriter(headers: string[]): SheetWriter {
  const output = new PassThrough();
  let started = false;
  // The first page carries a BOM, so that Excel opens the UTF-8 file with its accents intact.
  const page = (rows: Cell[][]) => {
    const text = stringify(rows, started ? {} : { bom: true, header: true, columns: headers });
    started = true;
    return text;
  };
  return {
    output,
    async writePage(rows) {
      output.write(page(rows.map((row) => row.map(safeCell))));
      await drained(output);
    },
    async finish() {
      // An empty list still gets its header line.
      if (!started) output.write(page([]));
      output.end();
    },
  };
}

/**
 * ExcelJS hands a sheet's XML to the zip without waiting for it (its buffer ignores back-pressure),
 * and the zip starts on an entry only on a later turn of the event loop, which an export reading
 * SQLite (synchronous) never gave it: a 770,000-row export piled up 380 MB of XML before the first
 * byte left. After each page: one turn for the zip, then wait until everything the sheet feeds has
 * taken what it was given. `stream.pipes` is that buffer's list of destinations.
 */
async function compressorCaughtUp(sheet: object, output: PassThrough): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const pipes = (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) await drained(pipe, output);
}

export function xlsxWriter(headers: string[], sheetName: string): SheetWriter {
  const output = new PassThrough();
  // Streaming workbook: committed rows are zipped and written out, not kept; shared strings off, so
  // no table of every text grows in memory.
  const workbook = new (loadExcel().stream.xlsx.WorkbookWriter)({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers).commit();
  return {
    output,
    async writePage(rows) {
      for (const row of rows) sheet.addRow(row.map(safeCell)).commit();
      await compressorCaughtUp(sheet, output);
      await drained(output);
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
