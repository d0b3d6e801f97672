import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * Workbooks written part by part, in the order given, the way spreadsheet programs write them, so
 * that a test controls what a reader meets first. Deterministic: same parts, same bytes.
 */
export type PartBody = string | Buffer | (() => Readable);
export type Part = [name: string, body: PartBody];

const MTIME = new Date('2024-01-02T03:04:06Z');

export async function zipParts(parts: Part[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of parts) {
    if (typeof body === 'function')
      zip.addReadStream(body(), name, { mtime: MTIME, compress: true, compressionLevel: 9 });
    else zip.addBuffer(Buffer.from(body), name, { mtime: MTIME, compress: true, compressionLevel: 9 });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A1-style column letters for a 1-based column. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell: text (a shared string), a number, or a date (a serial day number in a date style). */
export type CellValue = string | number | { date: number };

export function sheetXml(rows: CellValue[][], strings: string[]): string {
  const index = new Map<string, number>();
  const shared = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.length;
      strings.push(text);
      index.set(text, i);
    }
    return i;
  };
  const body = rows
    .map((cells, r) => {
      const xml = cells
        .map((value, c) => {
          const ref = `${columnName(c + 1)}${r + 1}`;
          if (typeof value === 'string') return `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" s="1"><v>${value.date}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${body}</sheetData></worksheet>`;
}

export function sharedStringsXml(strings: string[]): string {
  const items = strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('');
  return `${XML}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`;
}

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
export const WORKBOOK = `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr/><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId4" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
/** Style 1 shows a date (built-in format 14), as Excel's default date cell. */
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/**
 * A workbook in Excel's own part order: the sheet, then the styles, then the table of texts it
 * refers to. `replace` swaps a part's body (a bomb, say) while keeping its place.
 */
export function excelOrderParts(rows: CellValue[][], replace: Record<string, PartBody> = {}): Part[] {
  const strings: string[] = [];
  const sheet = sheetXml(rows, strings);
  const parts: Part[] = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/worksheets/sheet1.xml', sheet],
    ['xl/styles.xml', STYLES],
    ['xl/sharedStrings.xml', sharedStringsXml(strings)],
  ];
  return parts.map(([name, body]) => [name, replace[name] ?? body]);
}

/**
 * A part that streams `head`, then `unit` repeated until `bytes`, then `tail`, a megabyte at a
 * time: a bomb is written without ever being in memory.
 */
export function repeated(head: string, unit: string, bytes: number, tail: string): () => Readable {
  return () => {
    const block = Buffer.from(unit.repeat(Math.max(1, Math.floor((1024 * 1024) / unit.length))));
    let left = bytes;
    return Readable.from(
      (function* () {
        yield Buffer.from(head);
        while (left > 0) {
          const piece = left >= block.length ? block : block.subarray(0, left - (left % unit.length));
          if (piece.length === 0) break;
          left -= piece.length;
          yield piece;
        }
        yield Buffer.from(tail);
      })(),
    );
  };
}

/** The scratch files a workbook read left in the data folder (there should be none). */
export function scratchFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'tmp'));
  } catch {
    return [];
  }
}
