import { badRequest, type HttpError } from '../../lib/http-errors.js';

/**
 * How large an import file may be, and how much it may hold once read. Each bound keeps the
 * server's memory and time for one file small whatever the file claims (docs/decisions.md,
 * "Workbooks within bounds"): the upload is at most 64 MB, and the rest follow from what such a
 * file of contacts holds.
 */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** Rows after the header: a 64 MB file of contacts holds about 400,000. */
export const MAX_IMPORT_ROWS = 1_000_000;
/** The columns a mapping may name (the preview's and the run's `mapping` holds one entry per column). */
export const MAX_IMPORT_COLUMNS = 500;
/** Filled cells in all: 400,000 rows of 25 fields. */
export const MAX_IMPORT_CELLS = 10_000_000;
/** One row's characters (or one run of a workbook's XML without a tag), held in memory at once. */
export const MAX_ROW_CHARS = 4_000_000;
/** What a workbook's parts inflate to, all together; the XML is read as it inflates, never kept. */
export const MAX_WORKBOOK_INFLATED_BYTES = 256 * 1024 * 1024;
/** A workbook's table of texts is kept in memory while its sheet is read: its bytes and its count. */
export const MAX_SHARED_STRING_BYTES = 64 * 1024 * 1024;
export const MAX_SHARED_STRINGS = 4_000_000;

const count = (n: number) => n.toLocaleString('en');
const CSV_INSTEAD = 'Save it as "CSV UTF-8" and import that file.';
const SPLIT = 'Split it into smaller files and import them one after another.';

export const limitMessages = {
  rows: `The file has more than ${count(MAX_IMPORT_ROWS)} rows; the limit is ${count(MAX_IMPORT_ROWS)}. ${SPLIT}`,
  columns: `The file has more than ${count(MAX_IMPORT_COLUMNS)} columns; the limit is ${count(MAX_IMPORT_COLUMNS)}. Remove the columns that are not imported.`,
  cells: `The file has more than ${count(MAX_IMPORT_CELLS)} filled cells; the limit is ${count(MAX_IMPORT_CELLS)}. ${SPLIT}`,
  rowChars: `A row of the file holds more than ${count(MAX_ROW_CHARS)} characters; the limit is ${count(MAX_ROW_CHARS)}.`,
  inflated: `The workbook inflates to more than ${MAX_WORKBOOK_INFLATED_BYTES / 1024 / 1024} MB; the limit is ${MAX_WORKBOOK_INFLATED_BYTES / 1024 / 1024} MB. ${CSV_INSTEAD}`,
  sharedStringBytes: `The workbook's texts take more than ${MAX_SHARED_STRING_BYTES / 1024 / 1024} MB; the limit is ${MAX_SHARED_STRING_BYTES / 1024 / 1024} MB. ${CSV_INSTEAD}`,
  sharedStrings: `The workbook holds more than ${count(MAX_SHARED_STRINGS)} different texts; the limit is ${count(MAX_SHARED_STRINGS)}. ${CSV_INSTEAD}`,
} as const;

export function overLimit(message: (typeof limitMessages)[keyof typeof limitMessages]): HttpError {
  return badRequest(message);
}

/**
 * Counts what a file holds as its rows are read, and refuses it at the first row past a bound.
 * Blank rows are not counted (they are skipped); a row's columns end at its last filled cell.
 */
export class RowBudget {
  private rows = 0;
  private cells = 0;

  /** Takes a data row's values (the header is counted the same way, but not as a row). */
  take(values: string[], isHeader: boolean): void {
    let filled = 0;
    let last = -1;
    let chars = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] ?? '';
      chars += value.length;
      if (value !== '') {
        filled++;
        last = i;
      }
    }
    if (last + 1 > MAX_IMPORT_COLUMNS) throw overLimit(limitMessages.columns);
    if (chars > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
    this.cells += filled;
    if (this.cells > MAX_IMPORT_CELLS) throw overLimit(limitMessages.cells);
    if (!isHeader && ++this.rows > MAX_IMPORT_ROWS) throw overLimit(limitMessages.rows);
  }
}
