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
});
