import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactJson, call, createContact, leadPayload } from './helpers/contacts.js';
import { preview, run, upload } from './helpers/imports.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/** Contacts exported from one CRM and imported into a fresh one. */
let source: TestApp;
let target: TestApp;
let ada: SignedIn;
let deniz: SignedIn;

const FIELDS = ['name', 'surname', 'email', 'phone', 'nationality', 'residency', 'source'] as const;
const LEADS = [
  {
    name: '=1+1',
    surname: "-2+3+cmd|' /C calc'!A0",
    nationality: "+1+cmd|' /C calc'!A0",
    residency: '@SUM(1)',
    email: 'formula.one@example.com',
    phone: '+90 532 100 00 01',
  },
  {
    name: '+90=1+1',
    surname: '-Demir',
    nationality: '@Turkish',
    residency: '+90',
    email: 'formula.two@example.com',
    phone: '+90 532 100 00 02',
  },
  {
    name: 'Ayşe',
    surname: "'Quoted",
    nationality: '-5',
    residency: 'İstanbul',
    email: 'ayse@example.com',
    phone: '+90 532 100 00 03',
  },
];

beforeAll(async () => {
  source = await createTestApp({ JOBS_POLL_MS: '0' });
  target = await createTestApp({ JOBS_POLL_MS: '50' });
  ada = await signIn(source, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  deniz = await signIn(target, { role: 'admin', firstName: 'Deniz', surname: 'Kaya' });
  for (const lead of LEADS) await createContact(source, ada, leadPayload(lead));
});
afterAll(async () => {
  await source.close();
  await target.close();
});

/** The leads' exported fields, by e-mail. */
async function leadsOf(t: TestApp, who: SignedIn): Promise<Record<string, Record<string, unknown>>> {
  const res = await call(t, 'GET', '/api/contacts?type=lead&limit=100', who);
  const rows = res.json<ContactJson[]>();
  return Object.fromEntries(
    rows.map((row) => [row.email, Object.fromEntries(FIELDS.map((field) => [field, row[field]]))]),
  );
}

async function exported(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const query = new URLSearchParams({ format, columns: FIELDS.join(',') });
  const res = await call(source, 'GET', `/api/exports/leads?${query}`, ada);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('an export imported back', () => {
  it('neutralises formulas in the CSV, and a fresh CRM imports the same values', async () => {
    const csv = await exported('csv');
    const text = csv.toString('utf8');
    expect(text).toContain("'=1+1,'-2+3+cmd|' /C calc'!A0,");
    expect(text).toContain(",'+1+cmd|' /C calc'!A0,'@SUM(1),");
    expect(text).toContain("'+90=1+1,'-Demir");
    expect(text).toContain(",'@Turkish,+90,");
    expect(text).toContain(',-5,İstanbul,');

    const view = await upload(target, deniz, 'leads.csv', csv);
    const settings = { mapping: view.mapping, mode: 'create' as const, key: 'email' as const };
    expect((await preview(target, deniz, view.id, settings)).preview?.error).toBe(0);
    expect((await run(target, deniz, view.id, settings)).counts.created).toBe(3);
    expect(await leadsOf(target, deniz)).toEqual(await leadsOf(source, ada));
  });

  it('reads the workbook export back alike: an update by e-mail changes nothing', async () => {
    const view = await upload(target, deniz, 'leads.xlsx', await exported('xlsx'));
    const settings = { mapping: view.mapping, mode: 'upsert' as const, key: 'email' as const };
    await preview(target, deniz, view.id, settings);
    const done = await run(target, deniz, view.id, settings);
    expect(done.counts.created).toBe(0);
    expect(await leadsOf(target, deniz)).toEqual(await leadsOf(source, ada));
  });
});
