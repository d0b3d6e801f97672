import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvWriter, xlsxWriter } from '../src/modules/exports/export-writers.js';

const headers = ['Name', 'E-Mail', 'Phone Number'];
const page = (n: number) =>
  Array.from({ length: 1000 }, (_, i) => [`Ayşe ${n}-${i}`, `ayse.${n}.${i}@example.com`, `90533${i}`]);

/** Collects what a writer sends out, and how much of it had left before the writer finished. */
async function run(writer: ReturnType<typeof csvWriter>, pages: number) {
  const chunks: Buffer[] = [];
  writer.output.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let n = 0; n < pages; n += 1) await writer.writePage(page(n));
  const beforeFinish = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const ended = new Promise((resolve) => writer.output.on('end', resolve));
  await writer.finish();
  writer.output.end();
  await ended;
  return { beforeFinish, body: Buffer.concat(chunks) };
}

describe('export writers', () => {
  it('send a workbook out while its pages are written, not all at the end', async () => {
    const { beforeFinish, body } = await run(xlsxWriter(headers, 'leads'), 20);
    // Twenty pages are about 1.5 MB of sheet XML; most of it must have been zipped and sent.
    expect(beforeFinish).toBeGreaterThan(body.length / 2);
    expect(body.subarray(0, 2).toString()).toBe('PK');
  });

  it('send a CSV file a page at a time, with one BOM and one header line', async () => {
    const { beforeFinish, body } = await run(csvWriter(headers), 3);
    const text = body.toString('utf8');
    expect(beforeFinish).toBe(body.length);
    expect(text.startsWith('\uFEFFName,E-Mail,Phone Number\n')).toBe(true);
    expect(text.split('\n').filter(Boolean)).toHaveLength(3001);
  });

  describe('cells a spreadsheet would run as formulas (OWASP CSV injection)', () => {
    const cells = [
      "-2+3+cmd|' /C calc'!A0",
      "+1+cmd|' /C calc'!A0",
      '+90=1+1',
      '@SUM(1)',
      '=1+1',
      '\t=1',
      '\r=1',
      // Plain numbers stay numbers.
      '+90',
      '-5',
      '3.5',
      // Anything else is left as it is.
      'Ayşe',
      '905321234567',
      "'=already",
    ];
    const expected = [
      "'-2+3+cmd|' /C calc'!A0",
      "'+1+cmd|' /C calc'!A0",
      "'+90=1+1",
      "'@SUM(1)",
      "'=1+1",
      "'\t=1",
      "'\r=1",
      '+90',
      '-5',
      '3.5',
      'Ayşe',
      '905321234567',
      "'=already",
    ];
    const headers = cells.map((_, i) => `c${i}`);

    async function written(writer: ReturnType<typeof csvWriter>): Promise<Buffer> {
      const chunks: Buffer[] = [];
      writer.output.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => writer.output.on('end', resolve));
      await writer.writePage([cells, [-5, 3.5]]);
      await writer.finish();
      writer.output.end();
      await ended;
      return Buffer.concat(chunks);
    }

    it('are written to a CSV file with a leading apostrophe, numbers left alone', async () => {
      const rows = parse(await written(csvWriter(headers)), { bom: true, relax_column_count: true });
      expect(rows[1]).toEqual(expected);
      expect(rows[2]).toEqual(['-5', '3.5']);
    });

    it('are written to a workbook as text with a leading apostrophe, numbers as numbers', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await written(xlsxWriter(headers, 'leads'))) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      // XML reads a raw carriage return in a text as a line feed: that cell comes back as '\n=1.
      const inXml = expected.map((cell) => cell.replace('\r', '\n'));
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(inXml);
      expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([-5, 3.5]);
    });
  });
});
