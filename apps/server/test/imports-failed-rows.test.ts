import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/contacts.js';
import { preview, rows, run, upload } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function failedRows(who: SignedIn, id: number) {
  const res = await call(t, 'GET', `/api/imports/${id}/failed-rows`, who);
  return res;
}

/** The CSV as a spreadsheet reads it: the BOM dropped, every cell as text. */
const table = (body: string) => parse(body.replace(/^\uFEFF/, ''), { relaxColumnCount: true }) as string[][];

describe('every error of a row, each accurate', () => {
  it('lists all the errors of a row at once, and a phone with no digits is invalid, not missing', async () => {
    const view = await upload(
      t,
      bora,
      'many-errors.csv',
      csv(
        'Name,Surname,Email,Phone,Birthday,Source',
        ',Nameless,not-an-email,call me,31.02.1990,',
        'Ok,Row,ok.row@example.com,+90 532 123 45 67,08.12.1992,Facebook',
        'Short,Phone,short@example.com,123,,Facebook',
        'No,Phone,no.phone@example.com,,,Facebook',
      ),
    );
    await preview(t, bora, view.id, { mapping: view.mapping });
    const outcome = await rows(t, bora, view.id);
    expect(outcome.map((r) => [r.row, r.action])).toEqual([
      [2, 'error'],
      [3, 'create'],
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(outcome[0]?.errors).toEqual([
      { field: 'phone', message: 'Phone is invalid: "call me" holds no digits' },
      { field: 'name', message: 'First name is required' },
      { field: 'email', message: 'Invalid email format' },
      { field: 'birthday', message: 'Birthday is not a date: write it as dd.mm.yyyy, such as 08.12.1992' },
      { field: 'source', message: 'Source is required' },
    ]);
    expect(outcome[2]?.errors).toEqual([{ field: 'phone', message: 'Phone must be 6–15 digits' }]);
    // An empty cell is a missing phone, as the form says.
    expect(outcome[3]?.errors).toEqual([{ field: 'phone', message: 'Phone is required' }]);
  });

  it('checks the customer rules even when a field of the row failed', async () => {
    const view = await upload(
      t,
      bora,
      'customers.csv',
      csv('Name,Surname,Email,Phone,Source', 'Oya,Er,wrong-mail,905321110009,Facebook'),
      { entity: 'contacts', type: 'CUSTOMER' },
    );
    await preview(t, bora, view.id, { mapping: view.mapping });
    const [row] = await rows(t, bora, view.id);
    expect(row?.errors.map((e) => e.message)).toEqual([
      'Invalid email format',
      'Nationality is required',
      'Residency is required',
      'Gender is required',
    ]);
  });

  it('says a partner office number with no digits is invalid', async () => {
    const view = await upload(
      t,
      ada,
      'partners.csv',
      csv(
        'Agency Name,Office Number,Email,Commission Rate,Country,City,Size',
        'Bad Office,n/a,bad-office@example.com,5,Cyprus,Girne,Company',
      ),
      { entity: 'agencies' },
    );
    await preview(t, ada, view.id, { mapping: view.mapping });
    const [row] = await rows(t, ada, view.id);
    expect(row?.errors).toContainEqual({
      field: 'officeNumber',
      message: 'Office number is invalid: "n/a" holds no digits',
    });
    expect(row?.errors.map((e) => e.message)).not.toContain('Office Number is required');
  });
});

describe('one message per duplicate', () => {
  it('names each duplicate once: the one a skip is for is its reason, the others have a sentence each', async () => {
    const view = await upload(
      t,
      bora,
      'dups.csv',
      csv(
        'Name,Surname,Email,Phone,Source',
        'Deniz,Kaya,deniz@example.com,905321230001,Facebook',
        'Deniz,Kaya,other@example.com,905321230002,Facebook',
        'Emre,Tan,deniz@example.com,905321230003,Facebook',
      ),
    );
    await preview(t, bora, view.id, { mapping: view.mapping });
    const outcome = await rows(t, bora, view.id);
    expect(outcome[1]).toMatchObject({
      action: 'create',
      duplicates: [{ in: 'file', row: 2, on: ['name'], message: 'Same name as row 2' }],
    });
    expect(outcome[1]?.duplicates[0]).not.toHaveProperty('reason');
    expect(outcome[2]).toMatchObject({
      action: 'skip',
      errors: [{ field: null, message: 'Same e-mail as row 2' }],
      duplicates: [{ in: 'file', row: 2, on: ['email'], message: 'Same e-mail as row 2', reason: true }],
    });
  });
});

describe('the rows not imported, as a CSV to fix and import again', () => {
  const file = csv(
    'First Name,Surname,Email,Phone,Source,Notes',
    'Ali,Veli,ali.veli@example.com,+90 532 123 45 67,Facebook,First call',
    'Bad,Phone,bad.phone@example.com,12345,Facebook,"=HYPERLINK(""http://x"")"',
    'Gül,Şen,gul@example.com,+90 532 765 43 21,,"Said ""later"", call back"',
    'Dup,Mail,ali.veli@example.com,+90 532 555 66 77,Referral,',
  );

  it('answers 409 before the rows have been checked', async () => {
    const view = await upload(t, bora, 'unchecked.csv', file);
    const res = await failedRows(bora, view.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('Preview the import first: its rows have not been checked yet');
  });

  it("after the preview: the file's columns and cells, only the rows left out, each with why; formulas neutralised", async () => {
    const view = await upload(t, bora, 'leads-şubat.csv', file);
    await preview(t, bora, view.id, { mapping: view.mapping });
    const res = await failedRows(bora, view.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="leads-_ubat-not-imported.csv"; filename*=UTF-8''${encodeURIComponent('leads-şubat-not-imported.csv')}`,
    );
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(table(res.body)).toEqual([
      ['First Name', 'Surname', 'Email', 'Phone', 'Source', 'Notes', 'Import error'],
      [
        'Bad',
        'Phone',
        'bad.phone@example.com',
        '12345',
        'Facebook',
        `'=HYPERLINK("http://x")`,
        'Phone must be 6–15 digits',
      ],
      // A phone with + is neutralised as exports do it; the importer takes the apostrophe off again.
      [
        'Gül',
        'Şen',
        'gul@example.com',
        "'+90 532 765 43 21",
        '',
        'Said "later", call back',
        'Source is required',
      ],
      ['Dup', 'Mail', 'ali.veli@example.com', "'+90 532 555 66 77", 'Referral', '', 'Same e-mail as row 2'],
    ]);
  });

  it('after the run: the same rows; imported again, the download maps as the file did and keeps one error column', async () => {
    const view = await upload(t, bora, 'leads-run.csv', file);
    await preview(t, bora, view.id, { mapping: view.mapping });
    await run(t, bora, view.id, { mapping: view.mapping, skipErrors: true });
    const res = await failedRows(bora, view.id);
    const sheet = table(res.body);
    expect(sheet.map((row) => row[0])).toEqual(['First Name', 'Bad', 'Gül', 'Dup']);

    // Fixed in a spreadsheet (the source filled in) and imported again.
    const fixed = sheet.map((row) => (row[0] === 'Gül' ? row.with(4, 'Instagram') : row));
    const again = await upload(
      t,
      bora,
      'leads-run-not-imported.csv',
      `${fixed.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n')}\r\n`,
    );
    expect(again.mapping).toEqual([...view.mapping, null]);
    await preview(t, bora, again.id, { mapping: again.mapping });
    const outcome = await rows(t, bora, again.id);
    expect(outcome.map((r) => r.action)).toEqual(['error', 'create', 'skip']);
    // The formula cell comes back as it was written, without the apostrophe.
    const second = table((await failedRows(bora, again.id)).body);
    expect(second[0]).toEqual(['First Name', 'Surname', 'Email', 'Phone', 'Source', 'Notes', 'Import error']);
    expect(second[1]).toEqual([
      'Bad',
      'Phone',
      'bad.phone@example.com',
      '12345',
      'Facebook',
      `'=HYPERLINK("http://x")`,
      'Phone must be 6–15 digits',
    ]);
    expect(second.map((row) => row[0])).toEqual(['First Name', 'Bad', 'Dup']);
  });

  it("is the importer's or an admin's only", async () => {
    const view = await upload(t, bora, 'private.csv', file);
    await preview(t, bora, view.id, { mapping: view.mapping });
    const cem = await signIn(t, { firstName: 'Cem', surname: 'Can' });
    expect((await failedRows(cem, view.id)).statusCode).toBe(404);
    expect((await failedRows(ada, view.id)).statusCode).toBe(200);
  });
});
