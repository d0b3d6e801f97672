import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/** Deals through the shared export (and import) adapters, as contacts and partners go. */
let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
const stage: Record<string, number> = {};
let priceReasonId: number;
let leylaId: number;
let paulId: number;

async function createDeal(
  who: SignedIn,
  fields: Record<string, unknown>,
): Promise<{ id: number; version: number }> {
  const res = await api(t, 'POST', '/api/deals', who, { stageId: stage.New, ...fields });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function exportCsv(query: Record<string, string>, who: SignedIn) {
  const res = await api(t, 'GET', `/api/exports/deals?${new URLSearchParams(query)}`, who);
  const rows = res.statusCode === 200 ? (parse(res.rawPayload, { bom: true }) as string[][]) : [];
  return { res, header: rows[0] ?? [], rows: rows.slice(1) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  for (const row of (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>())
    stage[row.name] = row.id;
  const reasons = (await api(t, 'GET', '/api/deal-lost-reasons', ayse)).json<
    { id: number; name: string }[]
  >();
  priceReasonId = reasons.find((reason) => reason.name === 'Price')!.id;
  leylaId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const partner = await createAgency(t, admin, { name: 'Sunrise Homes' });
  paulId = (await createAgencyContact(t, admin, partner.id, { name: 'Paul', surname: 'Partnered' })).id;
});
afterAll(async () => t.close());

describe('deal export', () => {
  it('writes every column of the deals a person may see, the amount in pounds', async () => {
    const won = await createDeal(ayse, {
      title: 'Harbour flat',
      contactId: paulId,
      amount: '150,000.50',
      expectedCloseDate: '2026-12-15',
      source: 'Referral',
    });
    const moved = await api(t, 'PATCH', `/api/deals/${won.id}/stage`, ayse, { stageId: stage.Won });
    expect(moved.statusCode, moved.body).toBe(200);
    const wonDate = moved.json<{ wonDate: string }>().wonDate;
    const lost = await createDeal(ayse, {
      title: 'Garden villa',
      contactId: leylaId,
      amount: 90000,
      stageId: stage.Lost,
      lostReasonId: priceReasonId,
      lostReasonText: 'Found cheaper',
      probability: 0,
    });
    await createDeal(mehmet, { title: 'Mehmet’s own', contactId: leylaId, amount: 1 });

    const { res, header, rows } = await exportCsv({ sort: 'title', order: 'asc' }, ayse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(header).toEqual([
      'ID',
      'Title',
      'Contact',
      'Partner',
      'Owner',
      'Assigned To',
      'Stage',
      'Probability',
      'Amount',
      'Expected Close Date',
      'Source',
      'Lost Reason',
      'Lost Reason Details',
      'Won Date',
      'Status',
      'Created At',
    ]);
    expect(rows.map((row) => row.slice(0, 15))).toEqual([
      [
        String(lost.id),
        'Garden villa',
        'Leyla Lead',
        '',
        'Ayşe Sales',
        'Ayşe Sales',
        'Lost',
        '0',
        '90000',
        '',
        '',
        'Price',
        'Found cheaper',
        '',
        'Active',
      ],
      [
        String(won.id),
        'Harbour flat',
        'Paul Partnered',
        'Sunrise Homes',
        'Ayşe Sales',
        'Ayşe Sales',
        'Won',
        '100',
        '150000.5',
        '2026-12-15',
        'Referral',
        '',
        '',
        wonDate,
        'Active',
      ],
    ]);
    // An admin's export holds everyone's deals.
    expect((await exportCsv({}, admin)).rows).toHaveLength(3);
  });

  it('takes the list’s filters and the chosen columns', async () => {
    const { res, rows } = await exportCsv(
      { 'filter.stageId': `equals:${stage.Won}`, columns: 'title,amount,stage' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(rows).toEqual([['Harbour flat', '150000.5', 'Won']]);
  });

  it('writes a title a spreadsheet would run as a formula as text', async () => {
    await createDeal(ayse, { title: '=HYPERLINK("http://x.example","click")', contactId: leylaId });
    const { rows } = await exportCsv({ q: 'hyperlink', columns: 'title' }, ayse);
    expect(rows).toEqual([['\'=HYPERLINK("http://x.example","click")']]);
  });

  it('refuses an unknown column with the list’s own message', async () => {
    const { res } = await exportCsv({ columns: 'title,price' }, ayse);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Unknown export column: price. Choose from id, title, contact, partner, owner, assignedTo, stage, probability, amount, expectedCloseDate, source, lostReason, lostReasonText, wonDate, status, createdAt',
    );
  });
});
