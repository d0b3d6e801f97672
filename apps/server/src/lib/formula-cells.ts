/**
 * Spreadsheets run a cell that starts with = + - @ (and, in some, a tab or a carriage return
 * before one of them) as a formula: a CSV cell `=HYPERLINK(…)` or `-2+3+cmd|' /C calc'!A0` is an
 * attack on whoever opens the export (OWASP "CSV injection"). Such a text is written with a leading
 * apostrophe, which spreadsheets show as text; the importer takes exactly that apostrophe off again,
 * so that an exported file imported back gives the same values.
 */
const TRIGGER = /^[=+\-@\t\r]/;
/** A whole cell that is a plain number (`+90`, `-5`, `3.5`) is a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** The text as an export writes it: a leading apostrophe when a spreadsheet would run it. */
export function neutraliseFormula(text: string): string {
  return TRIGGER.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text an export neutralised, as it was: the apostrophe before = + - @ tab or CR is dropped. */
export function restoreNeutralised(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}
