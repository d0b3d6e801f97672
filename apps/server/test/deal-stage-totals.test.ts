import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as totalsMigration from '../src/db/migrations/0033-deal-stage-totals.js';
import { api } from './helpers/agencies.js';
import { createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { preview, run, upload, waitForImport } from './helpers/imports.js';
import { createProduct } from './helpers/products.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * The board's unfiltered column totals come from deal_stage_totals, kept by triggers (migration
 * 0033): after every kind of write they must equal a fresh sum over the deals themselves.
 */
interface DealJson {
  id: number;
  title: string;
  contactId: number;
  stageId: number;
  probability: number;
  amount: number;
  version: number;
  isActive: boolean;
}
interface BoardJson {
  count: number;
  totalAmount: number;
  weightedTotal: number;
}

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
let leadId: number;
let flatId: number;
const stage: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  leadId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  flatId = (await createProduct(t, admin, { title: 'Harbour flat' })).id; // 150,000
  const stages = (await api(t, 'GET', '/api/deal-stages', admin)).json<{ id: number; name: string }[]>();
  for (const row of stages) stage[row.name] = row.id;
});
afterAll(async () => t.close());

async function createDeal(who: SignedIn, fields: Record<string, unknown>): Promise<DealJson> {
  const res = await api(t, 'POST', '/api/deals', who, { contactId: leadId, stageId: stage.New, ...fields });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<DealJson>();
}

async function edit(id: number, fields: Record<string, unknown>): Promise<DealJson> {
  const deal = (await api(t, 'GET', `/api/deals/${id}`, admin)).json<DealJson>();
  const res = await api(t, 'PUT', `/api/deals/${id}`, admin, {
    title: deal.title,
    contactId: deal.contactId,
    stageId: deal.stageId,
    version: deal.version,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DealJson>();
}

async function move(id: number, stageId: number): Promise<void> {
  const { version } = (await api(t, 'GET', `/api/deals/${id}`, admin)).json<DealJson>();
  const res = await api(t, 'PATCH', `/api/deals/${id}/stage`, admin, { stageId, version });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every stage's and state's totals summed afresh from the deals table. */
async function aggregated() {
  const rows = await t.db
    .selectFrom('deals')
    .select([
      'stage_id',
      'is_active',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(amount_pence)`.as('amount'),
      sql<number>`sum(amount_pence * probability)`.as('weighted'),
    ])
    .groupBy(['stage_id', 'is_active'])
    .execute();
  return new Map(
    rows.map((row) => [
      `${row.stage_id}/${row.is_active}`,
      { n: Number(row.n), amount: Number(row.amount), weighted: Number(row.weighted) },
    ]),
  );
}

/**
 * The kept rows equal the fresh sums for both states of every stage (a row whose deals all left
 * keeps zeros), and each column of the admin's unfiltered board shows the active ones, rounded as
 * a summed column is.
 */
async function expectTotalsRight(): Promise<void> {
  const fresh = await aggregated();
  const kept = await t.db.selectFrom('deal_stage_totals').selectAll().execute();
  const keptMap = new Map(
    kept.map((row) => [
      `${row.stage_id}/${row.is_active}`,
      { n: Number(row.n), amount: Number(row.amount_pence), weighted: Number(row.weighted) },
    ]),
  );
  for (const [key, value] of keptMap) {
    expect(value, key).toEqual(fresh.get(key) ?? { n: 0, amount: 0, weighted: 0 });
  }
  for (const [key, value] of fresh) expect(keptMap.get(key), key).toEqual(value);

  for (const stageId of Object.values(stage)) {
    const res = await api(t, 'GET', `/api/deals/board/${stageId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<BoardJson>();
    const active = fresh.get(`${stageId}/1`) ?? { n: 0, amount: 0, weighted: 0 };
    expect({
      count: board.count,
      totalAmount: board.totalAmount,
      weightedTotal: board.weightedTotal,
    }).toEqual({
      count: active.n,
      totalAmount: active.amount / 100,
      weightedTotal: Math.round(active.weighted / 100) / 100,
    });
  }
}

describe('the board’s column totals kept by triggers', () => {
  it('start empty: every column shows zeros', async () => {
    await expectTotalsRight();
    const board = (await api(t, 'GET', `/api/deals/board/${stage.New}`, admin)).json<BoardJson>();
    expect(board).toMatchObject({ count: 0, totalAmount: 0, weightedTotal: 0 });
  });

  it('follow creates, with amounts by hand and from lines', async () => {
    await createDeal(ayse, { title: 'Small flat', amount: '1234.56' });
    await createDeal(ayse, { title: 'Odd pennies', amount: '0.07', probability: 33 });
    await createDeal(mehmet, {
      title: 'Two flats',
      lines: [{ productId: flatId, quantity: 2, discount: 10 }],
    });
    await createDeal(admin, {
      title: 'Viewing',
      stageId: stage.Viewing,
      amount: 99999.99,
      ownerId: mehmet.id,
    });
    await expectTotalsRight();
    const board = (await api(t, 'GET', `/api/deals/board/${stage.New}`, admin)).json<BoardJson>();
    expect(board.count).toBe(3);
    expect(board.totalAmount).toBe(271234.63);
  });

  it('follow edits of the amount, the probability and the lines, and ignore edits of neither', async () => {
    const deal = await createDeal(ayse, { title: 'Editable', amount: 500 });
    await edit(deal.id, { amount: 750.25 });
    await expectTotalsRight();
    await edit(deal.id, { amount: 750.25, probability: 65 });
    await expectTotalsRight();
    await edit(deal.id, {
      probability: 65,
      lines: [{ productId: flatId, quantity: 1, unitPrice: '1.000,01' }],
    });
    await expectTotalsRight();
    const before = await t.db
      .selectFrom('deal_stage_totals')
      .selectAll()
      .orderBy('stage_id')
      .orderBy('is_active')
      .execute();
    await edit(deal.id, {
      title: 'Renamed',
      probability: 65,
      lines: [{ productId: flatId, quantity: 1, unitPrice: '1.000,01' }],
    });
    const after = await t.db
      .selectFrom('deal_stage_totals')
      .selectAll()
      .orderBy('stage_id')
      .orderBy('is_active')
      .execute();
    expect(after).toEqual(before);
    await edit(deal.id, { probability: 65, lines: [], amount: 12 });
    await expectTotalsRight();
  });

  it('follow moves between stages, to Won and to Lost', async () => {
    const deal = await createDeal(ayse, { title: 'Mover', amount: 8000 });
    await move(deal.id, stage.Qualified!);
    await expectTotalsRight();
    await move(deal.id, stage.Negotiation!);
    await move(deal.id, stage.Won!);
    await expectTotalsRight();
    const lost = await createDeal(mehmet, { title: 'Loser', amount: 300, stageId: stage.Proposal });
    const reasons = (await api(t, 'GET', '/api/deal-lost-reasons', admin)).json<{ id: number }[]>();
    await edit(lost.id, { stageId: stage.Lost, lostReasonId: reasons[0]!.id, amount: 300 });
    await expectTotalsRight();
  });

  it('follow deactivation and reactivation', async () => {
    const deal = await createDeal(ayse, { title: 'On and off', amount: 4200, stageId: stage.Proposal });
    await edit(deal.id, { amount: 4200, isActive: false });
    await expectTotalsRight();
    const off = (await api(t, 'GET', `/api/deals/board/${stage.Proposal}`, admin)).json<BoardJson>();
    expect(off.count).toBe(0);
    await edit(deal.id, { amount: 4200, isActive: true });
    await expectTotalsRight();
    const on = (await api(t, 'GET', `/api/deals/board/${stage.Proposal}`, admin)).json<BoardJson>();
    expect(on).toMatchObject({ count: 1, totalAmount: 4200 });
  });

  it('follow a merge of contacts that moves deals, and its undo', async () => {
    const tag = uniqueTag('st');
    const survivor = await createContact(t, ayse, leadPayload({ name: 'Kept', surname: tag }));
    const other = await createContact(t, ayse, leadPayload({ name: 'Gone', surname: tag }));
    await createDeal(ayse, { title: 'Merged open', contactId: other.id, amount: 100 });
    await createDeal(ayse, {
      title: 'Merged viewing',
      contactId: other.id,
      amount: 250,
      stageId: stage.Viewing,
    });
    const res = await api(t, 'POST', '/api/contacts/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      choices: { name: 'survivor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectTotalsRight();
    const { mergeId } = res.json<{ mergeId: number }>();
    const undo = await api(t, 'POST', `/api/contacts/merge/${mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    await expectTotalsRight();
  });

  it('follow an import and its undo', async () => {
    const view = await upload(
      t,
      ayse,
      'deals.csv',
      'Title,Contact,Stage,Amount,Probability\nImported one,Leyla Lead,Qualified,1500,\nImported two,Leyla Lead,Viewing,"2.500,50",15\n',
      { entity: 'deals' },
    );
    await preview(t, ayse, view.id, { mapping: view.mapping });
    const done = await run(t, ayse, view.id, { mapping: view.mapping });
    expect(done.counts).toEqual({ created: 2, updated: 0, skipped: 0, errors: 0 });
    await expectTotalsRight();
    const undo = await api(t, 'POST', `/api/imports/${view.id}/undo`, ayse);
    expect(undo.statusCode, undo.body).toBe(202);
    const undone = await waitForImport(t, ayse, view.id, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 2, restored: 0, kept: 0 });
    await expectTotalsRight();
  });

  it('follow writes outside the application: a bulk update and a delete', async () => {
    await t.db.updateTable('deals').set({ probability: sql`(probability + 7) % 101` }).execute();
    await expectTotalsRight();
    await t.db
      .updateTable('deals')
      .set({ stage_id: stage.Qualified! })
      .where('stage_id', '=', stage.New!)
      .execute();
    await expectTotalsRight();
    const victim = await createDeal(ayse, { title: 'Deleted', amount: 77 });
    await t.db.deleteFrom('deals').where('id', '=', victim.id).execute();
    await expectTotalsRight();
  });

  it('are filled from the deals already there when the migration runs', async () => {
    await totalsMigration.down(t.db);
    await totalsMigration.up(t.db);
    expect((await t.db.selectFrom('deal_stage_totals').selectAll().execute()).length).toBeGreaterThan(3);
    await expectTotalsRight();
    await createDeal(mehmet, { title: 'After the refill', amount: 321, stageId: stage.Negotiation });
    await expectTotalsRight();
  });

  it('a filtered column still sums its own deals', async () => {
    const perOwner = await Promise.all(
      [admin, ayse, mehmet].map(async (who) =>
        (
          await api(t, 'GET', `/api/deals/board/${stage.Qualified}?ownerId=${who.id}`, admin)
        ).json<BoardJson>(),
      ),
    );
    const all = (await api(t, 'GET', `/api/deals/board/${stage.Qualified}`, admin)).json<BoardJson>();
    expect(perOwner.reduce((sum, board) => sum + board.count, 0)).toBe(all.count);
    expect(Math.round(perOwner.reduce((sum, board) => sum + board.totalAmount * 100, 0))).toBe(
      Math.round(all.totalAmount * 100),
    );
    const mine = (
      await api(t, 'GET', `/api/deals/board/${stage.Qualified}?mine=true`, ayse)
    ).json<BoardJson>();
    expect(mine.count).toBe(perOwner[1]!.count);
  });
});
