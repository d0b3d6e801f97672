import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, leadPayload } from './helpers/contacts.js';
import { preview, rows, run, type Settings, upload, waitForImport } from './helpers/imports.js';
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
  leylaId = (
    await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead', email: 'leyla@example.com' }))
  ).id;
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

interface DealJson {
  id: number;
  title: string;
  contactId: number;
  ownerId: number;
  stage: { name: string };
  probability: number;
  amount: number;
  expectedCloseDate: string | null;
  source: string | null;
  isActive: boolean;
  version: number;
}
const dealOf = async (id: number, who: SignedIn = admin) =>
  (await api(t, 'GET', `/api/deals/${id}`, who)).json<DealJson>();
const csv = (...lines: string[]) => `${lines.join('\n')}\n`;
const importDeals = (who: SignedIn, content: string) =>
  upload(t, who, 'deals.csv', content, { entity: 'deals' });
/** The deal keys are deals' own: the shared test helper names only the contacts' and partners'. */
const byTitle = { key: 'title' } as unknown as Pick<Settings, 'key'>;

describe('deal import', () => {
  let createdId = 0;
  let firstImport = 0;

  it('previews a file with the form’s rules, creates its deals through the write path, and maps the export’s headers', async () => {
    const view = await importDeals(
      ayse,
      csv(
        'Title,Contact,Stage,Amount,Expected Close Date,Source,Probability',
        'Sea view flat,leyla@example.com,New,"150.000",15.12.2026,Referral,',
        'Hill house,Leyla Lead,Closing,90000,,,',
        'Lost cause,Nobody Known,New,10,,,',
        'Sea view flat,Leyla Lead,Qualified,1,,,',
      ),
    );
    firstImport = view.id;
    expect(view.mapping).toEqual([
      'title',
      'contact',
      'stage',
      'amount',
      'expectedCloseDate',
      'source',
      'probability',
    ]);
    const previewed = await preview(t, ayse, view.id, { mapping: view.mapping });
    expect(previewed.preview).toMatchObject({ create: 1, update: 0, skip: 1, error: 2 });
    // Sent without a key, a deal import matches on the deal's id, and says so.
    expect(previewed.options).toEqual({ mode: 'create', key: 'id', skipErrors: true });
    const outcome = await rows(t, ayse, view.id);
    expect(outcome.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
      [5, 'skip'],
    ]);
    expect(outcome[1]?.errors).toEqual([{ field: 'stageId', message: 'Stage not found' }]);
    expect(outcome[2]?.errors).toEqual([
      { field: 'contactId', message: 'The contact must be an existing lead or customer' },
    ]);
    expect(outcome[3]?.duplicates).toEqual([
      expect.objectContaining({ in: 'file', row: 2, message: 'Same title and contact as row 2' }),
    ]);

    const done = await run(t, ayse, view.id, { mapping: view.mapping });
    expect(done.counts).toEqual({ created: 1, updated: 0, skipped: 1, errors: 2 });
    const [created] = await rows(t, ayse, view.id, 'run', 'create');
    createdId = created!.recordId!;
    expect(await dealOf(createdId)).toMatchObject({
      title: 'Sea view flat',
      contactId: leylaId,
      ownerId: ayse.id,
      stage: { name: 'New' },
      amount: 150000,
      expectedCloseDate: '2026-12-15',
      source: 'Referral',
      isActive: true,
      version: 1,
    });
    const history = (await api(t, 'GET', `/api/deals/${createdId}/history`, ayse)).json<{ kind: string }[]>();
    expect(history.map((entry) => entry.kind)).toEqual(['created']);
  });

  it('updates a deal by the ID of an exported file, and undoes the update field by field', async () => {
    const exported = await exportCsv({ columns: 'id,title,contact,amount', q: 'sea view' }, ayse);
    expect(exported.header).toEqual(['ID', 'Title', 'Contact', 'Amount']);
    expect(exported.rows).toEqual([[String(createdId), 'Sea view flat', 'Leyla Lead', '150000']]);
    const edited = csv(
      exported.header.join(','),
      [createdId, 'Sea view flat', 'Leyla Lead', '175000'].join(','),
    );
    const view = await importDeals(ayse, edited);
    expect(view.mapping).toEqual(['id', 'title', 'contact', 'amount']);
    const previewed = await preview(t, ayse, view.id, { mapping: view.mapping, mode: 'upsert' });
    expect(previewed.preview).toMatchObject({ create: 0, update: 1 });
    expect((await rows(t, ayse, view.id))[0]?.changes).toEqual({ amount: [150000, 175000] });

    const done = await run(t, ayse, view.id, { mapping: view.mapping, mode: 'upsert' });
    expect(done.counts).toEqual({ created: 0, updated: 1, skipped: 0, errors: 0 });
    expect(await dealOf(createdId)).toMatchObject({ amount: 175000, version: 2 });
    const history = (await api(t, 'GET', `/api/deals/${createdId}/history`, ayse)).json<
      { kind: string; field: string | null; oldValue: string | null; newValue: string | null }[]
    >();
    expect(history[0]).toMatchObject({
      kind: 'edited',
      field: 'amount',
      oldValue: '£150,000.00',
      newValue: '£175,000.00',
    });

    expect((await api(t, 'POST', `/api/imports/${view.id}/undo`, ayse)).statusCode).toBe(202);
    const undone = await waitForImport(t, ayse, view.id, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 0, restored: 1, kept: 0 });
    expect(await dealOf(createdId)).toMatchObject({ amount: 150000, version: 3 });
  });

  it('matches by title and contact when asked', async () => {
    const view = await importDeals(ayse, csv('Title,Contact,Probability', 'SEA VIEW FLAT,Leyla Lead,40'));
    const previewed = await preview(t, ayse, view.id, { mapping: view.mapping, mode: 'update', ...byTitle });
    expect(previewed.preview).toMatchObject({ update: 1 });
    expect(previewed.options).toEqual({ mode: 'update', key: 'title', skipErrors: true });
    const outcome = await rows(t, ayse, view.id);
    expect(outcome[0]).toMatchObject({
      recordId: createdId,
      changes: { title: ['Sea view flat', 'SEA VIEW FLAT'], probability: [10, 40] },
    });
  });

  it('reports the key its rows were matched on, not a key deals do not have', async () => {
    const view = await importDeals(
      ayse,
      csv('ID,Title,Contact,Source', `${createdId},Sea view flat,Leyla Lead,Walk-in`),
    );
    // A deal has no e-mail: the rows match on the id, and the import's options say the id.
    const settings = { mapping: view.mapping, mode: 'update' as const, key: 'email' as const };
    const previewed = await preview(t, ayse, view.id, settings);
    expect(previewed.preview).toMatchObject({ update: 1 });
    expect(previewed.options).toEqual({ mode: 'update', key: 'id', skipErrors: true });
    const stored = await t.db
      .selectFrom('imports')
      .select('options')
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.options!)).toEqual({ mode: 'update', key: 'id', skipErrors: true });

    // The run is sent the same settings as the preview, so it is the same import.
    const done = await run(t, ayse, view.id, settings);
    expect(done.counts).toEqual({ created: 0, updated: 1, skipped: 0, errors: 0 });
    expect(done.options).toEqual({ mode: 'update', key: 'id', skipErrors: true });
  });

  it('never matches a deal the importer may not see', async () => {
    const view = await importDeals(
      mehmet,
      csv('ID,Title,Contact,Amount', `${createdId},Sea view flat,Leyla Lead,1`),
    );
    const previewed = await preview(t, mehmet, view.id, { mapping: view.mapping, mode: 'update' });
    expect(previewed.preview).toMatchObject({ update: 0, skip: 1 });
    const [row] = await rows(t, mehmet, view.id);
    expect(row).toMatchObject({
      action: 'skip',
      errors: [{ field: null, message: 'No existing deal matches' }],
      duplicates: [],
    });
  });

  it('refuses an ID no deal can have, finds no contact by a number beyond any id, and starts a deal without a stage in the first', async () => {
    const view = await importDeals(
      ayse,
      csv(
        'ID,Title,Contact',
        '9999999999,Too far,9999999999',
        'abc,Not a number,Leyla Lead',
        ',Fresh start,Leyla Lead',
      ),
    );
    await preview(t, ayse, view.id, { mapping: view.mapping, mode: 'upsert' });
    const outcome = await rows(t, ayse, view.id);
    expect(outcome.map((row) => row.errors)).toEqual([
      [
        { field: 'id', message: 'ID must be the number of a deal' },
        { field: 'contactId', message: 'The contact must be an existing lead or customer' },
      ],
      [{ field: 'id', message: 'ID must be the number of a deal' }],
      [],
    ]);
    await run(t, ayse, view.id, { mapping: view.mapping, mode: 'upsert' });
    const [created] = await rows(t, ayse, view.id, 'run', 'create');
    expect(await dealOf(created!.recordId!)).toMatchObject({ title: 'Fresh start', stage: { name: 'New' } });
  });

  it('undoes an import by deactivating the deals it created, for the plain user who ran it', async () => {
    expect((await api(t, 'POST', `/api/imports/${firstImport}/undo`, ayse)).statusCode).toBe(202);
    const undone = await waitForImport(t, ayse, firstImport, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 1, restored: 0, kept: 0 });
    expect((await dealOf(createdId)).isActive).toBe(false);
    const res = await api(t, 'GET', `/api/deals/${createdId}`, ayse);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Deal not found.');
  });
});
