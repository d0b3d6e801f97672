import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/contacts.js';
import { type ImportJson, uploadFile } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';
import { type CellValue, excelOrderParts, repeated, scratchFiles, zipParts } from './helpers/workbooks.js';

let t: TestApp;
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_MS: '0' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

const MB = 1024 * 1024;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** The upload's answer and how far the process's resident memory rose above where it started. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

describe('a workbook as Excel writes it', () => {
  const rows: CellValue[][] = [
    ['Name', 'Surname', 'Phone Number', 'E-Mail', 'Birthday'],
    ['Ayşe', 'Yılmaz', 5494950201, 'ayse@example.com', { date: 32946 }],
    ['Şükrü', 'Dağdelen', 5384950002, 'sukru@example.com', { date: 32947 }],
  ];

  it('reads the sheet that comes before sharedStrings.xml alike 100 times, and leaves no scratch file', async () => {
    const workbook = await zipParts(excelOrderParts(rows));
    // The sheet's part comes first in the zip, the table of texts it refers to last.
    expect(workbook.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(
      workbook.indexOf('xl/sharedStrings.xml'),
    );
    const answers = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const res = await uploadFile(t, bora, 'contacts.xlsx', workbook);
      expect(res.statusCode).toBe(201);
      const view = res.json<ImportJson>();
      answers.add(
        JSON.stringify({ columns: view.columns, samples: view.samples, totalRows: view.totalRows }),
      );
    }
    expect([...answers].map((answer) => JSON.parse(answer))).toEqual([
      {
        columns: ['Name', 'Surname', 'Phone Number', 'E-Mail', 'Birthday'],
        samples: [
          ['Ayşe', 'Yılmaz', '5494950201', 'ayse@example.com', '1990-03-14'],
          ['Şükrü', 'Dağdelen', '5384950002', 'sukru@example.com', '1990-03-15'],
        ],
        totalRows: 2,
      },
    ]);
    expect(scratchFiles(t.config.dataDir)).toEqual([]);
  });

  it('answers "The file has no data rows" for a header and rows of empty cells', async () => {
    const blank = excelOrderParts([
      ['Name', 'Phone Number'],
      ['', ''],
      ['', ''],
    ]);
    const res = await uploadFile(t, bora, 'blank.xlsx', await zipParts(blank));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('The file has no data rows');
  });

  it('refuses at upload a workbook with a filled cell past the 500th column', async () => {
    const wide = [Array.from({ length: 501 }, (_, i) => `Column ${i + 1}`), ['x']];
    const res = await uploadFile(t, bora, 'wide.xlsx', await zipParts(excelOrderParts(wide)));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The file has more than 500 columns; the limit is 500. Remove the columns that are not imported.',
    );
    expect(scratchFiles(t.config.dataDir)).toEqual([]);
  });
});

describe('bombs', () => {
  it('refuses a workbook under 1 MB whose sheet inflates to 580 MB, within 150 MB of memory, and leaves no scratch file', async () => {
    const unit = '<row/>';
    const parts = excelOrderParts([['Name'], ['x']], {
      'xl/worksheets/sheet1.xml': repeated(SHEET_HEAD, unit, 580 * MB, SHEET_TAIL),
    });
    const bomb = await zipParts(parts);
    expect(bomb.length).toBeLessThan(MB);
    const { result: res, growthMb } = await measured(() => uploadFile(t, bora, 'bomb.xlsx', bomb));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The workbook inflates to more than 256 MB; the limit is 256 MB. Save it as "CSV UTF-8" and import that file.',
    );
    expect(growthMb).toBeLessThan(150);
    expect(scratchFiles(t.config.dataDir)).toEqual([]);
  }, 60_000);

  it('refuses a table of texts that inflates to 200 MB, within 150 MB of memory', async () => {
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
    const unit = `<si><t>${'Ş'.repeat(500)}</t></si>`;
    const parts = excelOrderParts([['Name'], ['x']], {
      'xl/sharedStrings.xml': repeated(sst, unit, 200 * MB, '</sst>'),
    });
    const bomb = await zipParts(parts);
    const { result: res, growthMb } = await measured(() => uploadFile(t, bora, 'texts.xlsx', bomb));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The workbook\'s texts take more than 64 MB; the limit is 64 MB. Save it as "CSV UTF-8" and import that file.',
    );
    expect(growthMb).toBeLessThan(150);
    expect(scratchFiles(t.config.dataDir)).toEqual([]);
  }, 120_000);

  it('refuses a cell of 5 million characters, within 150 MB of memory', async () => {
    const parts = excelOrderParts([['Name'], ['x']], {
      'xl/worksheets/sheet1.xml': repeated(
        `${SHEET_HEAD}<row><c t="inlineStr"><is><t>Name</t></is></c></row><row><c t="inlineStr"><is><t>`,
        'x',
        5_000_000,
        `</t></is></c></row>${SHEET_TAIL}`,
      ),
    });
    const { result: res, growthMb } = await measured(async () =>
      uploadFile(t, bora, 'cell.xlsx', await zipParts(parts)),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'A row of the file holds more than 4,000,000 characters; the limit is 4,000,000.',
    );
    expect(growthMb).toBeLessThan(150);
  }, 60_000);

  it('refuses a workbook whose zip understates what a part inflates to, and leaves no scratch file', async () => {
    const unit = '<row><c t="inlineStr"><is><t>bomb</t></is></c></row>';
    const bomb = await zipParts(
      excelOrderParts([['Name'], ['x']], {
        'xl/worksheets/sheet1.xml': repeated(SHEET_HEAD, unit, 100 * MB, SHEET_TAIL),
      }),
    );
    // The sheet's sizes, in its central directory entry (yazl writes a data descriptor and sets the
    // local header's to 0), claim 1 MB.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    let at = bomb.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]));
    for (; at >= 0; at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      if (bomb.subarray(at + 46, at + 46 + name.length).equals(name)) break;
    }
    expect(at).toBeGreaterThan(0);
    bomb.writeUInt32LE(MB, at + 24);
    const { result: res, growthMb } = await measured(() => uploadFile(t, bora, 'liar.xlsx', bomb));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The file could not be read as an Excel workbook. Save it again as .xlsx, or as "CSV UTF-8".',
    );
    expect(growthMb).toBeLessThan(150);
    expect(scratchFiles(t.config.dataDir)).toEqual([]);
  }, 60_000);
});

describe('CSV files within bounds', () => {
  it('answers "The file has no data rows" for a header and rows of separators only', async () => {
    const res = await uploadFile(t, bora, 'separators.csv', 'Name,Surname,Phone Number\n,,\n, ,\n\n,,\n');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('The file has no data rows');
  });

  it('refuses at upload a file with more columns than a mapping can name (500)', async () => {
    const header = Array.from({ length: 501 }, (_, i) => `Column ${i + 1}`).join(',');
    const res = await uploadFile(t, bora, 'wide.csv', `${header}\n${'x,'.repeat(500)}x\n`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The file has more than 500 columns; the limit is 500. Remove the columns that are not imported.',
    );
  });

  it('refuses a file of more than 1,000,000 rows', async () => {
    const res = await uploadFile(t, bora, 'long.csv', `Name\n${'a\n'.repeat(1_000_001)}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'The file has more than 1,000,000 rows; the limit is 1,000,000. Split it into smaller files and import them one after another.',
    );
  }, 60_000);

  it('refuses a row of more than 4,000,000 characters', async () => {
    const res = await uploadFile(t, bora, 'line.csv', `Name,Notes\nAyşe,${'x'.repeat(4_000_001)}\n`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'A row of the file holds more than 4,000,000 characters; the limit is 4,000,000.',
    );
  }, 60_000);
});

describe('the import list', () => {
  it('keeps a glimpse of each sample cell: a 1 MB cell is 200 characters in GET /api/imports', async () => {
    const big = 'x'.repeat(1_000_000);
    const res = await uploadFile(t, bora, 'big-cell.csv', `Name,Surname,Notes\nAyşe,Yılmaz,${big}\n`);
    expect(res.statusCode).toBe(201);
    const list = await call(t, 'GET', '/api/imports?limit=50', bora);
    expect(list.statusCode).toBe(200);
    const view = list.json<ImportJson[]>().find((item) => item.id === res.json<ImportJson>().id);
    expect(view?.samples).toEqual([['Ayşe', 'Yılmaz', `${'x'.repeat(199)}…`]]);
    expect(JSON.stringify(view).length).toBeLessThan(5_000);
  });
});
