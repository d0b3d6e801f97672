import { foldCase, MAX_PAGE_SIZE, searchFold } from '@crm/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createContact, customerPayload, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;
let agencyId: number;
const LEADS = 2345; // more than two pages of the export's 1,000-row pages

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_MS: '0' });
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  const agency = await call(t, 'POST', '/api/agencies', ada, {
    name: 'Export Realty',
    officeNumber: '905331112233',
    email: 'office@export-realty.com',
    commissionRate: 5,
    country: 'Cyprus',
    city: 'Girne',
    type: 'COMPANY',
    assignedSalesRepIds: [bora.id],
  });
  agencyId = agency.json<{ id: number }>().id;
  // Many leads straight into the table (few distinct names, so the name sort has long runs of ties
  // that only the id breaks), and a few over HTTP.
  const at = new Date().toISOString();
  const names = ['Ayşe', 'Mehmet', 'Zeynep', 'Ali'];
  for (let start = 0; start < LEADS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(start + 500, LEADS); i++) {
      const name = names[i % names.length] as string;
      const surname = `Kaya${i % 7}`;
      const email = i % 10 === 0 ? null : `lead${i}@example.com`;
      rows.push({
        type: 'LEAD',
        name,
        surname,
        phone: `90533${String(1000000 + i)}`,
        email,
        source: 'Facebook',
        notes: '',
        budget_pence: 0,
        owner_id: bora.id,
        assigned_to_id: bora.id,
        is_active: i % 50 === 0 ? 0 : 1,
        completeness: 20,
        name_key: foldCase(`${name} ${surname}`),
        name_fold: searchFold(`${name} ${surname}`),
        email_key: email ?? '',
        agency_key: '',
        owner_key: 'bora bey',
        assignee_key: 'bora bey',
        search_text: foldCase(`${name} ${surname}\n${email ?? ''}`),
        created_at: new Date(Date.parse(at) - i * 1000).toISOString(),
        updated_at: at,
      });
    }
    await t.db.insertInto('contacts').values(rows).execute();
  }
  await createContact(
    t,
    bora,
    customerPayload({
      name: 'Deniz',
      surname: 'Partner',
      email: 'deniz@example.com',
      agencyId,
      source: null,
    }),
  );
  await createContact(
    t,
    bora,
    leadPayload({ name: '=cmd', surname: 'Formula', email: 'formula@example.com' }),
  );
});
afterAll(async () => t.close());

async function exportCsv(list: string, query: Record<string, string>, who: SignedIn = bora) {
  const res = await call(t, 'GET', `/api/exports/${list}?${new URLSearchParams(query)}`, who);
  const rows = res.statusCode === 200 ? (parse(res.rawPayload, { bom: true }) as string[][]) : [];
  return { res, header: rows[0] ?? [], rows: rows.slice(1) };
}

/** Every row of a list through the list API, page by page, as the screen would read them. */
async function wholeList(url: string, query: Record<string, string>, who: SignedIn = bora) {
  const all: Record<string, unknown>[] = [];
  let total = 0;
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const params = new URLSearchParams({ ...query, limit: String(MAX_PAGE_SIZE), offset: String(offset) });
    const res = await call(t, 'GET', `${url}?${params}`, who);
    total = Number(res.headers['x-total-count']);
    const page = res.json<Record<string, unknown>[]>();
    all.push(...page);
    if (page.length < MAX_PAGE_SIZE) break;
  }
  return { all, total };
}

describe('GET /api/exports/:list as CSV', () => {
  it('holds every row of the list, in the list order, and as many as X-Total-Count', async () => {
    const query = { sort: 'name', order: 'asc' };
    const { res, header, rows } = await exportCsv('leads', { ...query, columns: 'name,surname,email,phone' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(header).toEqual(['Name', 'Surname', 'E-Mail', 'Phone Number']);
    const listed = await wholeList('/api/contacts', { ...query, type: 'lead' });
    expect(Number(res.headers['x-total-count'])).toBe(listed.total);
    expect(rows).toHaveLength(listed.total);
    const asText = (value: unknown) => (String(value).startsWith('=') ? `'${value}` : String(value ?? ''));
    expect(rows).toEqual(listed.all.map((c) => [asText(c.name), c.surname, c.email ?? '', c.phone]));
    // Inactive leads are not on the list, so not in the export.
    expect(listed.total).toBe(LEADS - Math.ceil(LEADS / 50) + 1);
  });

  it('starts with a BOM and the header, also when no row matches', async () => {
    const res = await call(t, 'GET', '/api/exports/leads?q=zzzznomatch&columns=name,email', bora);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.rawPayload.toString('utf8')).toBe('\uFEFFName,E-Mail\n');
    const some = await call(t, 'GET', '/api/exports/leads?columns=name', bora);
    const text = some.rawPayload.toString('utf8');
    // One BOM and one header line, however many pages the rows took.
    expect(text.startsWith('\uFEFFName\n')).toBe(true);
    expect(text.split('\uFEFF')).toHaveLength(2);
    expect(text.split('\n').slice(1)).not.toContain('Name');
  });

  it('holds every row across pages when sorted by creation time, either way', async () => {
    for (const order of ['desc', 'asc']) {
      const query = { sort: 'createdAt', order };
      const { rows } = await exportCsv('leads', { ...query, columns: 'phone' });
      const listed = await wholeList('/api/contacts', { ...query, type: 'lead' });
      expect(rows.length, order).toBe(listed.total);
      expect(
        rows.map(([phone]) => phone),
        order,
      ).toEqual(listed.all.map((c) => c.phone));
    }
  });

  it('follows descending sort, search and column filters exactly as the list does', async () => {
    const query = { q: 'kaya3', 'filter.email': 'contains:lead1', sort: 'createdAt', order: 'desc' };
    const { res, rows } = await exportCsv('leads', { ...query, columns: 'email,name' });
    const listed = await wholeList('/api/contacts', { ...query, type: 'lead' });
    expect(listed.total).toBeGreaterThan(10);
    expect(Number(res.headers['x-total-count'])).toBe(listed.total);
    expect(rows).toEqual(listed.all.map((c) => [c.email, c.name]));
  });

  it('writes a cell that a spreadsheet would run as a formula as text', async () => {
    const { rows } = await exportCsv('leads', {
      'filter.email': 'equals:formula@example.com',
      columns: 'name',
    });
    expect(rows).toEqual([["'=cmd"]]);
  });

  it("exports a partner's customers only, and answers 404 for an unknown partner", async () => {
    const { res, rows } = await exportCsv('partner-customers', {
      agencyId: String(agencyId),
      columns: 'name,agency,type',
    });
    expect(res.statusCode).toBe(200);
    expect(rows).toEqual([['Deniz', 'Export Realty', 'CUSTOMER']]);
    const missing = await exportCsv('partner-customers', { agencyId: '999999' });
    expect(missing.res.statusCode).toBe(404);
    expect(errorOf(missing.res)).toBe('Agency not found');
  });

  it('exports partners, products and users with the columns of their lists', async () => {
    const partners = await exportCsv('partners', { columns: 'name,email,commissionRate,status' });
    expect(partners.rows).toEqual([['Export Realty', 'office@export-realty.com', '5', 'Active']]);
    const products = await exportCsv('products', {});
    expect(products.res.statusCode).toBe(200);
    expect(products.header).toEqual(['Title', 'Product Type', 'Real Estate Company', 'Status', 'Created At']);
    expect(products.rows).toEqual([]);
    const users = await exportCsv('users', { sort: 'name', columns: 'name,email,role' }, ada);
    expect(users.rows).toEqual([
      ['Ada Ak', ada.email, 'admin'],
      ['Bora Bey', bora.email, 'user'],
    ]);
  });

  it("gives a plain user no other users' details: names only, as their pickers show", async () => {
    const users = await exportCsv('users', { sort: 'name' }, bora);
    expect(users.header).toEqual(['Name']);
    expect(users.rows).toEqual([['Ada Ak'], ['Bora Bey']]);
    const asked = await exportCsv('users', { columns: 'email' }, bora);
    expect(asked.res.statusCode).toBe(400);
    expect(errorOf(asked.res)).toBe('Unknown export column: email. Choose from name');
  });

  it('refuses what the list refuses, with its message, and unknown lists, formats and columns', async () => {
    const badFilter = await exportCsv('leads', { 'filter.nope': 'contains:x' });
    expect(badFilter.res.statusCode).toBe(400);
    expect(errorOf(badFilter.res)).toBe('Unknown filter column: nope');
    const badList = await call(t, 'GET', '/api/exports/invoices', bora);
    expect(badList.statusCode).toBe(400);
    const badFormat = await call(t, 'GET', '/api/exports/leads?format=pdf', bora);
    expect(badFormat.statusCode).toBe(400);
    expect(errorOf(badFormat)).toBe('format must be csv or xlsx');
    const anonymous = await call(t, 'GET', '/api/exports/leads');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/exports/:list as XLSX', () => {
  it('streams a workbook whose sheet holds the header and every row', async () => {
    const res = await call(t, 'GET', '/api/exports/customers?format=xlsx&columns=name,surname,agency', bora);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('customers');
    const values = sheet
      ?.getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ['Name', 'Surname', 'Agency'],
      ['Deniz', 'Partner', 'Export Realty'],
    ]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('holds as many rows as X-Total-Count for a multi-page list', async () => {
    const res = await call(t, 'GET', '/api/exports/leads?format=xlsx&columns=name,email', bora);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet?.rowCount ?? 0) - 1).toBe(Number(res.headers['x-total-count']));
  });
});

describe('record of contact exports', () => {
  it('records who exported which contacts list, when, and how many rows; admins read it', async () => {
    const before = await call(t, 'GET', '/api/exports', ada);
    const count = Number(before.headers['x-total-count']);
    await exportCsv('customers', { columns: 'name' });
    await exportCsv('partners', {});
    const after = await call(t, 'GET', '/api/exports?limit=1', ada);
    expect(Number(after.headers['x-total-count'])).toBe(count + 1);
    expect(after.json()).toEqual([
      expect.objectContaining({
        list: 'customers',
        format: 'csv',
        rowCount: 1,
        user: { id: bora.id, name: 'Bora Bey' },
      }),
    ]);
    const denied = await call(t, 'GET', '/api/exports', bora);
    expect(denied.statusCode).toBe(403);
  });
});
