import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactJson, call, createContact, type HistoryJson, leadPayload } from './helpers/contacts.js';
import {
  fixture,
  type ImportJson,
  preview,
  rows,
  run,
  upload,
  uploadFile,
  waitForImport,
} from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;
let cem: SignedIn;
let agencyId: number;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  cem = await signIn(t, { firstName: 'Cem', surname: 'Can' });
  const agency = await call(t, 'POST', '/api/agencies', ada, {
    name: 'Import Realty',
    officeNumber: '905331112299',
    email: 'office@import-realty.com',
    commissionRate: 5,
    country: 'Cyprus',
    city: 'Girne',
    type: 'COMPANY',
    assignedSalesRepIds: [bora.id],
  });
  agencyId = agency.json<{ id: number }>().id;
});
afterAll(async () => t.close());

async function contactByEmail(email: string): Promise<ContactJson | undefined> {
  const res = await call(
    t,
    'GET',
    `/api/contacts?filter.email=${encodeURIComponent(`equals:${email}`)}`,
    ada,
  );
  const [row] = res.json<ContactJson[]>();
  if (!row) return undefined;
  return (await call(t, 'GET', `/api/contacts/${row.id}`, ada)).json<ContactJson>();
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('upload and mapping', () => {
  it("maps a spreadsheet's Save-as-CSV file (BOM, semicolons) by column names and the specification's labels", async () => {
    const view = await upload(
      t,
      bora,
      'contacts-excel-semicolon.csv',
      fixture('contacts-excel-semicolon.csv'),
    );
    expect(view.state).toBe('uploaded');
    expect(view.columns).toEqual([
      'Name',
      'Surname',
      'E-Mail',
      'Phone Number',
      'Nationality',
      'Country of Residency',
      'Gender',
      'Education Level',
      'Birthday',
      'Source',
      'T.R ID no',
      'Budget',
    ]);
    expect(view.mapping).toEqual([
      'name',
      'surname',
      'email',
      'phone',
      'nationality',
      'residency',
      'gender',
      'educationLevel',
      'birthday',
      'source',
      'trIdNumber',
      'budget',
    ]);
    expect(view.totalRows).toBe(3);
    expect(view.samples[0]?.slice(0, 3)).toEqual(['Ayşe', 'Yılmaz', 'ayse.yilmaz@example.com']);
  });

  it('ignores a column it does not know, and reads an XLSX workbook the same way', async () => {
    const unknown = await upload(
      t,
      bora,
      'x.csv',
      csv('Name,Surname,Favourite Colour,Phone', 'A,B,Blue,905321112233'),
    );
    expect(unknown.mapping).toEqual(['name', 'surname', null, 'phone']);
    const xlsx = await upload(t, bora, 'contacts.xlsx', fixture('contacts.xlsx'));
    expect(xlsx.format).toBe('xlsx');
    expect(xlsx.mapping).toEqual([
      'name',
      'surname',
      'email',
      'phone',
      'birthday',
      'maritalStatus',
      'incomeLevel',
      'numberOfChildren',
    ]);
    expect(xlsx.samples[0]).toEqual([
      'Elif',
      'Kara',
      'elif.kara@example.com',
      '905331234567',
      '1992-11-05',
      'Married',
      '3,001 – 6,000 STG',
      '2',
    ]);
    expect(xlsx.samples[1]?.[2]).toBe('can.ak@example.com');
  });

  it('refuses a mapping that names a field twice or does not fit the columns', async () => {
    const view = await upload(t, bora, 'x.csv', csv('Name,Surname,Phone', 'A,B,905321112233'));
    const twice = await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, {
      mapping: ['name', 'name', 'phone'],
    });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)).toBe('First Name is mapped to two columns');
    const short = await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, { mapping: ['name'] });
    expect(errorOf(short)).toBe('The mapping must have one entry per column (3)');
    const unknown = await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, {
      mapping: ['name', 'surname', 'salary'],
    });
    expect(errorOf(unknown)).toBe('Unknown field: salary');
  });
});

describe('bad files are refused and nothing is written', () => {
  it.each([
    [
      'not-a-sheet.pdf',
      400,
      'Only CSV and XLSX files can be imported. In Excel, choose File › Save As › "CSV UTF-8" or "Excel Workbook (.xlsx)".',
    ],
    ['empty.csv', 400, 'The file is empty: it has no rows to import.'],
    ['header-only.csv', 400, 'The file has no data rows'],
    [
      'broken.xlsx',
      400,
      'The file could not be read as an Excel workbook. Save it again as .xlsx, or as "CSV UTF-8".',
    ],
    [
      'binary.csv',
      400,
      'The file is not a text CSV file. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)".',
    ],
    // A UTF-8 byte order mark, then a byte no UTF-8 file holds.
    [
      'contacts-broken-utf8.csv',
      400,
      'The file’s characters could not be read. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and import that file.',
    ],
    // UTF-8 Turkish letters, and one name in Windows-1254: no single encoding reads it right.
    [
      'contacts-mixed-encodings.csv',
      400,
      'The file’s characters could not be read. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and import that file.',
    ],
  ])('%s answers %i with its message', async (name, status, message) => {
    const before = await call(t, 'GET', '/api/imports', bora);
    const res = await uploadFile(t, bora, name, fixture(name));
    expect(res.statusCode).toBe(status);
    expect(errorOf(res)).toBe(message);
    const after = await call(t, 'GET', '/api/imports', bora);
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('refuses a file over 64 MB with 413', async () => {
    const big = Buffer.alloc(64 * 1024 * 1024 + 10, 'a');
    const res = await uploadFile(t, bora, 'big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBe(
      'The file is larger than 64 MB. Split it into smaller files and import them one after another.',
    );
  });

  it('refuses an unclosed quotation mark with the line it is near', async () => {
    const res = await uploadFile(
      t,
      bora,
      'q.csv',
      csv('Name,Surname,Phone', 'A,B,905321112233', '"C,D,905321112234'),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('The file is not valid CSV near line 3: check for an unclosed quotation mark.');
  });

  it('asks what to import', async () => {
    const res = await uploadFile(t, bora, 'x.csv', csv('Name', 'A'), { entity: 'contacts', type: 'PARTNER' });
    expect(errorOf(res)).toBe('Choose the contacts’ type: LEAD or CUSTOMER');
  });
});

describe('value translation', () => {
  it('translates countries, phones with and without calling code, dates, numbers and enumeration labels', async () => {
    const view = await upload(
      t,
      bora,
      'contacts-excel-semicolon.csv',
      fixture('contacts-excel-semicolon.csv'),
    );
    const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
    expect(previewed.preview).toEqual({
      create: 3,
      update: 0,
      skip: 0,
      error: 0,
      duplicates: { inFile: 0, inDatabase: 0 },
    });
    await run(t, bora, view.id, { mapping: view.mapping });
    const ayse = await contactByEmail('ayse.yilmaz@example.com');
    expect(ayse).toMatchObject({
      type: 'LEAD',
      name: 'Ayşe',
      surname: 'Yılmaz',
      phone: '905321112233',
      countryCode: '+90',
      nationality: 'Turkey',
      residency: 'North Cyprus',
      gender: 'FEMALE',
      educationLevel: 'HIGH_SCHOOL',
      birthday: '1990-03-14',
      source: 'Facebook',
      trIdNumber: '12345678901',
      budget: 1500,
      owner: { id: bora.id, name: 'Bora Bey' },
    });
    expect(await contactByEmail('mehmet.demir@example.com')).toMatchObject({
      phone: '905334445566',
      gender: 'MALE',
      educationLevel: 'BACHELORS_DEGREE',
      birthday: '1985-07-02',
      budget: 2500,
    });
    expect(await contactByEmail('john.smith@example.co.uk')).toMatchObject({
      phone: '447700900123',
      countryCode: '+44',
      nationality: 'United Kingdom',
      birthday: '1979-03-25',
      educationLevel: 'PHD',
      budget: 12000.5,
    });
  });

  it('reads XLSX cells: numbers, dates, hyperlinks, income bands and marital status in any case', async () => {
    const view = await upload(t, bora, 'contacts.xlsx', fixture('contacts.xlsx'));
    const mapping = [...view.mapping, 'source'].slice(0, view.columns.length);
    await preview(t, bora, view.id, { mapping });
    const failing = await rows(t, bora, view.id);
    // Without a source column every row misses the source, with the form's message.
    expect(failing.map((r) => r.errors)).toEqual([
      [{ field: 'source', message: 'Source is required' }],
      [{ field: 'source', message: 'Source is required' }],
    ]);
  });

  it('finds agencies by name or e-mail and users by name, and refuses unknown ones with the form messages', async () => {
    // An admin's file: only an admin may give contacts to someone else (write-path-permissions.test.ts).
    const view = await upload(
      t,
      ada,
      'agency.csv',
      csv(
        'Name,Surname,Phone,Agency,Assigned To',
        'Kerem,Ok,905321110001,import realty,Cem Can',
        'Lale,Ok,905321110002,office@import-realty.com,',
        'Mert,Ok,905321110003,Nowhere Homes,',
        'Nur,Ok,905321110004,,Nobody Here',
      ),
    );
    await preview(t, ada, view.id, { mapping: view.mapping });
    const outcome = await rows(t, ada, view.id);
    expect(outcome.map((r) => [r.action, r.errors])).toEqual([
      ['create', []],
      ['create', []],
      [
        'error',
        [
          { field: 'agency', message: 'Agency not found' },
          { field: 'source', message: 'Source is required' },
        ],
      ],
      [
        'error',
        [
          { field: 'assignedTo', message: 'The chosen user does not exist or is inactive' },
          { field: 'source', message: 'Source is required' },
        ],
      ],
    ]);
    await run(t, ada, view.id, { mapping: view.mapping, skipErrors: true });
    const list = await call(t, 'GET', `/api/contacts?q=${encodeURIComponent('kerem ok')}`, ada);
    const [kerem] = list.json<ContactJson[]>();
    expect(kerem).toMatchObject({
      agency: { id: agencyId, name: 'Import Realty' },
      source: null,
      assignedTo: { id: cem.id, name: 'Cem Can' },
    });
  });
});

describe('dry run', () => {
  it("lists every row's outcome with the forms' exact messages and duplicates in the file, and writes nothing", async () => {
    const before = await call(t, 'GET', '/api/contacts?type=lead', ada);
    const view = await upload(t, bora, 'contacts-with-errors.csv', fixture('contacts-with-errors.csv'));
    const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
    expect(previewed.preview).toEqual({
      create: 2,
      update: 0,
      skip: 1,
      error: 4,
      duplicates: { inFile: 2, inDatabase: 0 },
    });
    const outcome = await rows(t, bora, view.id);
    expect(
      outcome.map((r) => ({ row: r.row, action: r.action, errors: r.errors.map((e) => e.message) })),
    ).toEqual([
      { row: 2, action: 'create', errors: [] },
      { row: 3, action: 'error', errors: ['Phone must be 6–15 digits'] },
      { row: 4, action: 'error', errors: ['First name is required'] },
      { row: 5, action: 'error', errors: ['Source is required'] },
      { row: 6, action: 'error', errors: ['Invalid email format'] },
      { row: 7, action: 'create', errors: [] },
      { row: 8, action: 'skip', errors: ['Same e-mail as row 2'] },
    ]);
    expect(outcome[5]?.duplicates).toEqual([
      { in: 'file', row: 2, on: ['name'], message: 'Same name as row 2' },
    ]);
    // The duplicate a row is skipped for is its reason: the screens say it once.
    expect(outcome[6]?.duplicates).toEqual([
      { in: 'file', row: 2, on: ['email'], message: 'Same e-mail as row 2', reason: true },
    ]);
    const after = await call(t, 'GET', '/api/contacts?type=lead', ada);
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('checks customers by the customer rules: "Nationality is required", "Residency is required", "Gender is required"', async () => {
    const view = await upload(
      t,
      bora,
      'c.csv',
      csv('Name,Surname,Phone,Source', 'Oya,Er,905321110009,Facebook'),
      {
        entity: 'contacts',
        type: 'CUSTOMER',
      },
    );
    await preview(t, bora, view.id, { mapping: view.mapping });
    const [row] = await rows(t, bora, view.id);
    expect(row?.errors).toEqual([
      { field: 'nationality', message: 'Nationality is required' },
      { field: 'residency', message: 'Residency is required' },
      { field: 'gender', message: 'Gender is required' },
    ]);
  });

  it('names duplicates in the database by the duplicate rule (name and surname, e-mail, phone)', async () => {
    const existing = await createContact(
      t,
      bora,
      leadPayload({ name: 'Selin', surname: 'Dere', email: 'selin@example.com', phone: '905321119999' }),
    );
    const view = await upload(
      t,
      bora,
      'd.csv',
      csv(
        'Name,Surname,Email,Phone,Source',
        'Selin,Dere,other@example.com,905321118888,Facebook',
        'Someone,Else,selin@example.com,905321117777,Facebook',
      ),
    );
    const previewed = await preview(t, bora, view.id, {
      mapping: view.mapping,
      mode: 'create',
      key: 'email',
    });
    expect(previewed.preview?.duplicates).toEqual({ inFile: 0, inDatabase: 2 });
    const outcome = await rows(t, bora, view.id);
    expect(outcome[0]).toMatchObject({
      action: 'create',
      duplicates: [{ in: 'database', id: existing.id, name: 'Selin Dere', on: ['name'] }],
    });
    expect(outcome[1]).toMatchObject({
      action: 'skip',
      errors: [{ field: null, message: 'Already exists: Selin Dere' }],
      duplicates: [{ in: 'database', id: existing.id, name: 'Selin Dere', on: ['email'] }],
    });
  });
});

describe('run: modes and keys', () => {
  let tuna: ContactJson;
  beforeAll(async () => {
    tuna = await createContact(
      t,
      bora,
      leadPayload({
        name: 'Tuna',
        surname: 'Su',
        email: 'tuna@example.com',
        phone: '905321230001',
        city: 'Girne',
        occupation: 'Chef',
      }),
    );
  });
  const file = csv(
    'Name,Surname,Email,Phone,City,Source',
    'Tuna,Su,tuna@example.com,905321230001,Lefkoşa,Facebook',
    'Yeni,Kişi,yeni@example.com,905321230002,Gazimağusa,Facebook',
  );

  it('create only: creates new contacts and skips those the key finds', async () => {
    const view = await upload(t, bora, 'm.csv', file);
    const done = await run_(view, { mode: 'create', key: 'email' });
    expect(done.counts).toEqual({ created: 1, updated: 0, skipped: 1, errors: 0 });
    expect((await contactByEmail('tuna@example.com'))?.city).toBe('Girne');
    expect((await contactByEmail('yeni@example.com'))?.city).toBe('Gazimağusa');
  });

  it('tells the importer in the bell when the run has finished', async () => {
    const view = await upload(t, bora, 'bell.csv', file);
    await run_(view, { mode: 'create', key: 'email' });
    const res = await call(t, 'GET', '/api/notifications', bora);
    // Opening it leads to the import's own page, not to a list.
    expect(res.json<{ kind: string; text: string }[]>()[0]).toMatchObject({
      kind: 'import_finished',
      text: 'bell.csv: 2 rows',
      record: null,
      path: `/imports/${view.id}`,
    });
  });

  it('update only, by phone: updates the fields that differ, writes their history as the importer, and creates nothing', async () => {
    const view = await upload(
      t,
      cem,
      'm.csv',
      file.replace('yeni@example.com,905321230002', 'brand.new@example.com,905321239999'),
    );
    const previewed = await preview(t, cem, view.id, { mapping: view.mapping, mode: 'update', key: 'phone' });
    expect(previewed.preview).toMatchObject({ create: 0, update: 1, skip: 1 });
    const [update, skip] = await rows(t, cem, view.id);
    expect(update).toMatchObject({
      action: 'update',
      recordId: tuna.id,
      changes: { city: ['Girne', 'Lefkoşa'] },
    });
    expect(skip).toMatchObject({
      action: 'skip',
      errors: [{ field: null, message: 'No existing contact matches' }],
    });
    const done = await run(t, cem, view.id, { mapping: view.mapping, mode: 'update', key: 'phone' });
    expect(done.counts).toEqual({ created: 0, updated: 1, skipped: 1, errors: 0 });
    expect(await contactByEmail('brand.new@example.com')).toBeUndefined();
    const history = (await call(t, 'GET', `/api/contacts/${tuna.id}/history`, ada)).json<HistoryJson[]>();
    expect(history[0]).toMatchObject({
      field: 'city',
      oldValue: 'Girne',
      newValue: 'Lefkoşa',
      user: { name: 'Cem Can' },
    });
  });

  it('create and update, by e-mail and phone together: a row matching on both updates, others are created', async () => {
    const view = await upload(
      t,
      bora,
      'm.csv',
      csv(
        'Name,Surname,Email,Phone,Occupation,Source',
        'Tuna,Su,tuna@example.com,905321230001,Sailor,Facebook',
        'Tuna,Su,tuna@example.com,905321230077,Pilot,Facebook',
      ),
    );
    const done = await run_(view, { mode: 'upsert', key: 'both' });
    expect(done.counts).toEqual({ created: 0, updated: 1, skipped: 1, errors: 0 });
    expect((await contactByEmail('tuna@example.com'))?.occupation).toBe('Sailor');
  });

  it('refuses to run with errors unless told to skip them, and runs only what was previewed', async () => {
    const view = await upload(t, bora, 'contacts-with-errors.csv', fixture('contacts-with-errors.csv'));
    const notYet = await call(t, 'POST', `/api/imports/${view.id}/run`, bora, {
      mapping: view.mapping,
      skipErrors: false,
    });
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet)).toBe('Preview the import with these settings before running it');
    await preview(t, bora, view.id, { mapping: view.mapping, skipErrors: false });
    const refused = await call(t, 'POST', `/api/imports/${view.id}/run`, bora, {
      mapping: view.mapping,
      skipErrors: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('4 rows have errors. Fix the file, or choose to skip rows with errors.');
    const other = await call(t, 'POST', `/api/imports/${view.id}/run`, bora, {
      mapping: view.mapping,
      mode: 'upsert',
      skipErrors: false,
    });
    expect(errorOf(other)).toBe('Preview the import with these settings before running it');
  });

  async function run_(
    view: ImportJson,
    options: { mode: 'create' | 'upsert' | 'update'; key: 'email' | 'phone' | 'both' },
  ) {
    await preview(t, bora, view.id, { mapping: view.mapping, ...options });
    return run(t, bora, view.id, { mapping: view.mapping, ...options });
  }
});

describe('history and undo', () => {
  it('lists imports with who, when, file and counts; a plain user sees only their own', async () => {
    const asAdmin = (await call(t, 'GET', '/api/imports?limit=200', ada)).json<ImportJson[]>();
    const asCem = (await call(t, 'GET', '/api/imports?limit=200', cem)).json<ImportJson[]>();
    expect(asAdmin.length).toBeGreaterThan(asCem.length);
    expect(asCem.every((i) => (i.user as { id: number }).id === cem.id)).toBe(true);
    const theirs = asAdmin.find((i) => (i.user as { id: number }).id === bora.id);
    const denied = await call(t, 'GET', `/api/imports/${theirs?.id}`, cem);
    expect(denied.statusCode).toBe(404);
    expect(errorOf(denied)).toBe('Import not found');
  });

  it('deactivates what it created, puts back what it updated, and lists a field changed since instead of overwriting it', async () => {
    const kept = await createContact(
      t,
      bora,
      leadPayload({
        name: 'Umut',
        surname: 'Ay',
        email: 'umut@example.com',
        phone: '905321240001',
        city: 'Girne',
        occupation: 'Chef',
      }),
    );
    const view = await upload(
      t,
      bora,
      'u.csv',
      csv(
        'Name,Surname,Email,Phone,City,Occupation,Source',
        'Umut,Ay,umut@example.com,905321240001,Lefkoşa,Pilot,Facebook',
        'Veda,Ay,veda@example.com,905321240002,Girne,Nurse,Facebook',
      ),
    );
    await preview(t, bora, view.id, { mapping: view.mapping, mode: 'upsert', key: 'email' });
    const done = await run(t, bora, view.id, { mapping: view.mapping, mode: 'upsert', key: 'email' });
    expect(done.counts).toMatchObject({ created: 1, updated: 1 });
    const veda = await contactByEmail('veda@example.com');
    // Someone changes the occupation after the import.
    const edit = await call(t, 'PUT', `/api/contacts/${kept.id}`, ada, {
      ...(await contactByEmail('umut@example.com')),
      occupation: 'Captain',
    });
    expect(edit.statusCode).toBe(200);

    const other = await call(t, 'POST', `/api/imports/${view.id}/undo`, cem);
    expect(other.statusCode).toBe(404);
    const res = await call(t, 'POST', `/api/imports/${view.id}/undo`, bora);
    expect(res.statusCode).toBe(202);
    const undone = await waitForImport(t, bora, view.id, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 1, restored: 0, kept: 1 });
    const umut = await contactByEmail('umut@example.com');
    expect(umut).toMatchObject({ city: 'Girne', occupation: 'Captain' });
    const vedaNow = (await call(t, 'GET', `/api/contacts/${veda?.id}`, ada)).json<ContactJson>();
    expect(vedaNow.isActive).toBe(false);
    const outcome = await rows(t, bora, view.id, 'undo');
    expect(outcome.map((r) => [r.row, r.action, r.changes])).toEqual([
      [2, 'restore', { restored: ['city'], kept: ['occupation'] }],
      [3, 'deactivate', { restored: [], kept: [] }],
    ]);
    const history = (await call(t, 'GET', `/api/contacts/${kept.id}/history`, ada)).json<HistoryJson[]>();
    expect(history[0]).toMatchObject({
      field: 'city',
      oldValue: 'Lefkoşa',
      newValue: 'Girne',
      user: { name: 'Bora Bey' },
    });
    const again = await call(t, 'POST', `/api/imports/${view.id}/undo`, bora);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Only a finished import can be undone');
  });
});

describe('encodings', () => {
  it('reads a Windows-1254 file with its Turkish letters', async () => {
    const view = await upload(t, bora, 'contacts-windows-1254.csv', fixture('contacts-windows-1254.csv'));
    expect(view.columns).toEqual(['Ad', 'Soyad', 'E-posta', 'Telefon', 'Uyruk', 'Kaynak']);
    expect(view.mapping).toEqual(['name', 'surname', 'email', 'phone', 'nationality', 'source']);
    expect(view.samples.map((row) => row.slice(0, 2))).toEqual([
      ['İpek', 'Şahin'],
      ['Çağrı', 'Güneş'],
    ]);
  });

  it('reads a Windows-1252 file (Excel\'s "CSV" on Western European Windows)', async () => {
    const view = await upload(t, bora, 'contacts-windows-1252.csv', fixture('contacts-windows-1252.csv'));
    expect(view.mapping).toEqual(['name', 'surname', 'email', 'phone', 'city', 'source']);
    expect(view.samples.map((row) => [row[0], row[1], row[4]])).toEqual([
      ['François', 'Lefèvre', 'Besançon'],
      ['Jürgen', 'Müller', 'Köln'],
      ['Zoë', 'Ångström', 'Malmö'],
    ]);
  });

  it('reads an ISO-8859-2 file (Central European letters) with semicolons', async () => {
    const view = await upload(t, bora, 'contacts-iso-8859-2.csv', fixture('contacts-iso-8859-2.csv'));
    expect(view.mapping).toEqual(['name', 'surname', 'email', 'phone', 'city', 'source']);
    expect(view.samples.map((row) => [row[0], row[1], row[4]])).toEqual([
      ['Łukasz', 'Wałęsa', 'Łódź'],
      ['Tomáš', 'Dvořák', 'Plzeň'],
      ['Zsófia', 'Kővári', 'Győr'],
    ]);
  });

  it.each(['contacts-utf16le.csv', 'contacts-utf16be.csv'])(
    'reads UTF-16 with its byte order mark and tabs (Excel\'s "Unicode Text"): %s',
    async (name) => {
      const view = await upload(t, bora, name, fixture(name));
      expect(view.columns).toEqual(['Name', 'Surname', 'E-Mail', 'Phone Number', 'Nationality', 'Source']);
      expect(view.samples.map((row) => row.slice(0, 3))).toEqual([
        ['İpek', 'Şahin', 'ipek.utf16@example.com'],
        ['Çağrı', 'Güneş', 'cagri.utf16@example.com'],
      ]);
      // The run reads the file the same way.
      const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
      expect(previewed.preview).toMatchObject({ create: 2, error: 0 });
      const planned = await rows(t, bora, view.id);
      expect(planned.map((row) => row.label)).toEqual(['İpek Şahin', 'Çağrı Güneş']);
    },
  );
});
