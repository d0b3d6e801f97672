import path from 'node:path';
import { limitMessages, MAX_IMPORT_COLUMNS, MAX_ROW_CHARS, overLimit } from './import-limits.js';
import { SharedStrings } from './shared-strings.js';
import { attribute, parseXml, readXml, unescapeOoxml } from './workbook-xml.js';
import { NotAWorkbook, type WorkbookZip } from './workbook-zip.js';

/**
 * The rows of a workbook's first sheet as text, read from its parts (SpreadsheetML): the table of
 * texts first, then the sheet, a chunk at a time. Cells read as ExcelJS read them before: dates
 * (numbers in a date format) as YYYY-MM-DD, or the ISO time when they hold one; formulas by their
 * result; rich text joined; booleans as true/false; errors as empty.
 */
export async function* workbookRows(zip: WorkbookZip): AsyncGenerator<string[]> {
  const parts = await locateParts(zip);
  zip.checkDeclared([parts.sheet, parts.sharedStrings, parts.styles].filter((p): p is string => !!p));
  const strings = new SharedStrings();
  if (parts.sharedStrings) await readSharedStrings(zip.read(parts.sharedStrings), strings);
  const dateStyles = parts.styles ? await readDateStyles(zip.read(parts.styles)) : [];
  yield* sheetRows(zip.read(parts.sheet), strings, dateStyles, parts.date1904);
}

interface Parts {
  sheet: string;
  sharedStrings: string | undefined;
  styles: string | undefined;
  date1904: boolean;
}

interface Relationship {
  type: string;
  target: string;
}

/** A part's relationships (`_rels/NAME.rels` beside it), by id, with their targets as part names. */
async function relationships(zip: WorkbookZip, part: string): Promise<Map<string, Relationship>> {
  const dir = path.posix.dirname(part);
  const rels = path.posix.join(dir, '_rels', `${path.posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  if (!zip.has(rels)) return found;
  await readXml(zip.read(rels), {
    open(name, attributes) {
      const id = attributes.Id;
      const target = attributes.Target;
      if (name !== 'Relationship' || !id || !target || attributes.TargetMode === 'External') return;
      if (found.size >= 1000) return;
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(dir, target);
      found.set(id, { type: attributes.Type ?? '', target: path.posix.normalize(resolved) });
    },
  });
  return found;
}

const ofType = (rels: Map<string, Relationship>, suffix: string) =>
  [...rels.values()].find((rel) => rel.type.endsWith(suffix))?.target;

/** The workbook part, its first sheet, its table of texts and its styles, by their relationships. */
async function locateParts(zip: WorkbookZip): Promise<Parts> {
  const workbook = ofType(await relationships(zip, ''), '/officeDocument') ?? 'xl/workbook.xml';
  if (!zip.has(workbook)) throw new NotAWorkbook('no workbook part');
  let firstSheetId: string | undefined;
  let date1904 = false;
  await readXml(zip.read(workbook), {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(attributes, 'id');
    },
  });
  const rels = await relationships(zip, workbook);
  // The first sheet only: a workbook's other sheets are usually notes or lookups.
  const sheet =
    (firstSheetId ? rels.get(firstSheetId)?.target : undefined) ??
    ofType(rels, '/worksheet') ??
    'xl/worksheets/sheet1.xml';
  if (!zip.has(sheet)) throw new NotAWorkbook('no sheet part');
  const present = (part: string | undefined) => (part && zip.has(part) ? part : undefined);
  return {
    sheet,
    sharedStrings: present(ofType(rels, '/sharedStrings') ?? 'xl/sharedStrings.xml'),
    styles: present(ofType(rels, '/styles') ?? 'xl/styles.xml'),
    date1904,
  };
}

/** `<si>` by `<si>`: a plain `<t>`, or rich-text runs `<r><t>` joined; phonetic guides (`<rPh>`) left out. */
async function readSharedStrings(chunks: AsyncIterable<Buffer>, strings: SharedStrings): Promise<void> {
  let text: string[] | undefined;
  let length = 0;
  let inT = false;
  let inPhonetic = false;
  await readXml(chunks, {
    open(name) {
      if (name === 'si') {
        text = [];
        length = 0;
      } else if (name === 't') inT = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && text) {
        strings.add(unescapeOoxml(text.join('')));
        text = undefined;
      }
    },
    text(value) {
      if (!text || !inT || inPhonetic) return;
      length += value.length;
      if (length > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
      text.push(value);
    },
  });
}

/** Excel's built-in number formats that show dates or times. */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
/** Excel allows about 64,000 cell formats; a style past that is read as no date. */
const MAX_STYLES = 65_536;

/** A format code shows a date when, outside quotes and [brackets], it has a date or time letter. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (`s`), whether its number format shows a date. */
async function readDateStyles(chunks: AsyncIterable<Buffer>): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readXml(chunks, {
    open(name, attributes) {
      if (name === 'numFmt' && custom.size < MAX_STYLES) {
        custom.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs && styles.length < MAX_STYLES) {
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(custom.get(id) ?? BUILT_IN_DATES.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** A serial day number as ExcelJS gave it: a date at midnight is the day, any other moment the ISO time. */
function dateText(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(serial);
  return date.getUTCHours() || date.getUTCMinutes() ? date.toISOString() : date.toISOString().slice(0, 10);
}

/** The column of a cell reference (`C12` is 3), or undefined when it has none. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
    if (column > 16_384) return undefined;
  }
  return column || undefined;
}

interface Cell {
  column: number;
  type: string;
  style: number;
  value: string[];
  length: number;
}

async function* sheetRows(
  chunks: AsyncIterable<Buffer>,
  strings: SharedStrings,
  dateStyles: boolean[],
  date1904: boolean,
): AsyncGenerator<string[]> {
  const ready: string[][] = [];
  let row: string[] | undefined;
  let rowChars = 0;
  let nextColumn = 1;
  let cell: Cell | undefined;
  // Only <v> and <is><t> hold a cell's value (<f> is the formula, <rPh> a phonetic guide).
  let inValue = false;
  let inPhonetic = false;

  const text = (c: Cell): string => {
    const raw = c.value.join('');
    switch (c.type) {
      case 's':
        return strings.get(Number.parseInt(raw, 10));
      case 'inlineStr':
      case 'str':
        return unescapeOoxml(raw);
      case 'b':
        return raw === '' ? '' : String(Number.parseInt(raw, 10) !== 0);
      case 'e':
        return '';
      case 'd':
        // An ISO date cell (strict OOXML): the day alone when it is midnight, as dates read above.
        return raw.replace(/^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?Z?$/, '$1');
      default: {
        if (raw.trim() === '') return '';
        const number = Number.parseFloat(raw);
        if (Number.isNaN(number)) return raw;
        return dateStyles[c.style] ? dateText(number, date1904) : String(number);
      }
    }
  };

  const handlers = {
    open(name: string, attributes: Record<string, string>) {
      if (name === 'row') {
        row = [];
        rowChars = 0;
        nextColumn = 1;
      } else if (name === 'c' && row) {
        const column = columnOf(attributes.r) ?? nextColumn;
        nextColumn = column + 1;
        cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: [], length: 0 };
      } else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr'))) inValue = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name: string) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && row) {
        const value = text(cell);
        if (value !== '') {
          // A filled cell past the columns a mapping can name refuses the file here, before the
          // row grows: an empty styled cell far to the right is no column.
          if (cell.column > MAX_IMPORT_COLUMNS) throw overLimit(limitMessages.columns);
          rowChars += value.length;
          if (rowChars > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
          while (row.length < cell.column - 1) row.push('');
          row[cell.column - 1] = value;
        }
        cell = undefined;
      } else if (name === 'row' && row) {
        // Blank rows are skipped, as a CSV's empty lines are.
        if (row.some((value) => value.trim() !== '')) ready.push(row);
        row = undefined;
      }
    },
    text(value: string) {
      if (!cell || !inValue || inPhonetic) return;
      cell.length += value.length;
      if (cell.length > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
      cell.value.push(value);
    },
  };

  for await (const _ of parseXml(chunks, handlers)) {
    // The rows a chunk completed go on before the next chunk inflates: memory holds one chunk's.
    yield* ready.splice(0);
  }
  yield* ready.splice(0);
}
