import { lineTotalMinor } from '@crm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeedContext, stepCounts } from '../../../bench/generators/context.js';
import { CRM_STEPS } from '../../../bench/generators/crm.js';
import { DEFAULT_PASSWORD, SEED_ADMIN_EMAIL, seedUsers } from '../../../bench/generators/users.js';
import { Rng } from '../../../bench/lib/prng.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The seeder's deals (bench/generators/deals.ts) read and written back through the API: the count
 * asked for, a spread over every stage, amounts that are their lines' sums, and versions and history
 * that the one write path accepts as its own.
 */

const DEALS = 150;
const SIZES: Record<string, number> = { partners: 30, contacts: 400, products: 80, tasks: 10, deals: DEALS };

let t: TestApp;
let headers: { authorization: string };

interface DealJson {
  id: number;
  title: string;
  stageId: number;
  stage: { name: string; kind: string };
  probability: number;
  amount: number;
  wonDate: string | null;
  lostReasonId: number | null;
  version: number;
  lines: { productId: number; quantity: number; unitPrice: number; discount: number; lineTotal: number }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const ctx: SeedContext = {
    db: t.db,
    rng: new Rng(7),
    passwordHash: await hashPassword(DEFAULT_PASSWORD),
    until: new Date('2026-06-01T00:00:00Z'),
  };
  await seedUsers(ctx, 12);
  for (const [step, count] of stepCounts(CRM_STEPS, (step) => SIZES[step.option])) await step.run(ctx, count);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: SEED_ADMIN_EMAIL, password: DEFAULT_PASSWORD },
  });
  headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('seeded deals', () => {
  it('default to 0.3 per contact, and --deals 0 asks for none', () => {
    const counts = (given: Record<string, number>) =>
      [...stepCounts(CRM_STEPS, (step) => given[step.option]).entries()].find(
        ([step]) => step.option === 'deals',
      )?.[1];
    expect(counts({ contacts: 1_000_000 })).toBe(300_000);
    expect(counts({ contacts: 1_000_000, deals: 0 })).toBe(0);
  });

  it('are as many as asked, over every stage, about 20% won and 15% lost', async () => {
    const rows = await t.db
      .selectFrom('deals')
      .innerJoin('deal_stages', 'deal_stages.id', 'deals.stage_id')
      .select(['deal_stages.name', 'deal_stages.kind', 'deals.won_date', 'deals.lost_reason_id'])
      .execute();
    expect(rows).toHaveLength(DEALS);
    const names = new Set(rows.map((row) => row.name));
    expect([...names].sort()).toEqual(
      ['New', 'Qualified', 'Viewing', 'Proposal', 'Negotiation', 'Won', 'Lost'].sort(),
    );
    const share = (kind: string) => rows.filter((row) => row.kind === kind).length / DEALS;
    expect(share('won')).toBeGreaterThan(0.1);
    expect(share('won')).toBeLessThan(0.3);
    expect(share('lost')).toBeGreaterThan(0.07);
    expect(share('lost')).toBeLessThan(0.25);
    // The new column holds more than the last open one: the board is weighted toward the start.
    const count = (name: string) => rows.filter((row) => row.name === name).length;
    expect(count('New')).toBeGreaterThan(count('Negotiation'));
    for (const row of rows) {
      expect(row.won_date !== null).toBe(row.kind === 'won');
      expect(row.lost_reason_id !== null).toBe(row.kind === 'lost');
    }
  });

  it("have amounts that are their lines' sums, each line priced as the form would price it", async () => {
    const lines = await t.db
      .selectFrom('deal_lines')
      .select(['deal_id', 'quantity', 'unit_price_pence', 'discount_bp', 'line_total_pence'])
      .execute();
    expect(lines.length).toBeGreaterThan(DEALS / 2);
    const sums = new Map<number, number>();
    for (const line of lines) {
      expect(Number(line.line_total_pence)).toBe(
        lineTotalMinor({
          quantity: line.quantity,
          unitPriceMinor: Number(line.unit_price_pence),
          discountBp: line.discount_bp,
        }),
      );
      sums.set(line.deal_id, (sums.get(line.deal_id) ?? 0) + Number(line.line_total_pence));
    }
    const deals = await t.db.selectFrom('deals').select(['id', 'amount_pence']).execute();
    for (const deal of deals) {
      const sum = sums.get(deal.id);
      if (sum !== undefined) expect(Number(deal.amount_pence)).toBe(sum);
    }
    // Read back through the API: a won deal with lines shows their total as its amount.
    const wonWithLines = (
      await t.db
        .selectFrom('deals')
        .innerJoin('deal_stages', 'deal_stages.id', 'deals.stage_id')
        .select('deals.id')
        .where('deal_stages.kind', '=', 'won')
        .where('deals.is_active', '=', 1)
        .execute()
    ).find((row) => sums.has(row.id));
    expect(wonWithLines).toBeDefined();
    const res = await get(`/api/deals/${wonWithLines!.id}`);
    expect(res.statusCode).toBe(200);
    const deal = res.json<DealJson>();
    expect(deal.amount).toBe(deal.lines.reduce((total, line) => total + line.lineTotal, 0));
    expect(deal.wonDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("carry each move's history, and their versions take the next move as the write path's own", async () => {
    const open = await t.db
      .selectFrom('deals')
      .innerJoin('deal_stages', 'deal_stages.id', 'deals.stage_id')
      .select(['deals.id', 'deals.version', 'deal_stages.position'])
      .where('deal_stages.kind', '=', 'open')
      .where('deal_stages.position', '>', 1)
      .where('deals.is_active', '=', 1)
      .orderBy('deals.id')
      .executeTakeFirstOrThrow();
    const history = (await get(`/api/deals/${open.id}/history`)).json<
      { kind: string; field: string | null; oldValue: string | null; newValue: string | null }[]
    >();
    expect(history.at(-1)).toMatchObject({ kind: 'created', field: null });
    const moves = history.filter((entry) => entry.field === 'stage');
    expect(moves.length).toBe(open.version - 1);
    expect(moves.at(-1)?.oldValue).toBe('New');

    const before = (await get(`/api/deals/${open.id}`)).json<DealJson>();
    const stages = (await get('/api/deal-stages')).json<{ id: number; name: string; kind: string }[]>();
    const other = stages.find((stage) => stage.kind === 'open' && stage.id !== before.stageId)!;
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/deals/${open.id}/stage`,
      headers,
      payload: { stageId: other.id, version: before.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/deals/${open.id}/stage`,
      headers,
      payload: { stageId: other.id, version: before.version },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<DealJson>()).toMatchObject({ stageId: other.id, version: before.version + 1 });
    const after = (await get(`/api/deals/${open.id}/history`)).json<{ field: string | null }[]>();
    expect(after.filter((entry) => entry.field === 'stage')).toHaveLength(moves.length + 1);
  });

  it('have notes of their stages, read through the shared notes route', async () => {
    const noted = await t.db
      .selectFrom('notes')
      .select(['deal_id', 'content'])
      .where('deal_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await get(`/api/deals/${noted.deal_id}/notes`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ content: string }[]>().map((note) => note.content)).toContain(noted.content);
  });

  it('fill the board: the biggest open column counts what the database holds', async () => {
    const newStage = await t.db
      .selectFrom('deal_stages')
      .select('id')
      .where('name', '=', 'New')
      .executeTakeFirstOrThrow();
    const inNew = await t.db
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stage_id', '=', newStage.id)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await get(`/api/deals/board/${newStage.id}`);
    expect(res.statusCode).toBe(200);
    const column = res.json<{ count: number; cards: unknown[] }>();
    expect(column.count).toBe(Number(inNew.n));
    expect(column.cards.length).toBe(Math.min(50, Number(inNew.n)));
  });

  it("keep every column's totals: the triggers' rows equal a fresh sum, and each column shows them", async () => {
    const fresh = await t.db
      .selectFrom('deals')
      .select([
        'stage_id',
        'is_active',
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(amount_pence)`.as('amount'),
        sql<number>`sum(amount_pence * probability)`.as('weighted'),
      ])
      .groupBy(['stage_id', 'is_active'])
      .orderBy('stage_id')
      .orderBy('is_active')
      .execute();
    const kept = await t.db
      .selectFrom('deal_stage_totals')
      .selectAll()
      .where('n', '<>', 0)
      .orderBy('stage_id')
      .orderBy('is_active')
      .execute();
    const numbers = (rows: Record<string, unknown>[], amount: string) =>
      rows.map((row) => [
        row.stage_id,
        row.is_active,
        Number(row.n),
        Number(row[amount]),
        Number(row.weighted),
      ]);
    expect(numbers(kept, 'amount_pence')).toEqual(numbers(fresh, 'amount'));
    expect(fresh.filter((row) => row.is_active === 1).length).toBeGreaterThanOrEqual(7);
    for (const row of fresh.filter((each) => each.is_active === 1)) {
      const column = (await get(`/api/deals/board/${row.stage_id}`)).json<{
        count: number;
        totalAmount: number;
        weightedTotal: number;
      }>();
      expect([column.count, column.totalAmount, column.weightedTotal]).toEqual([
        Number(row.n),
        Number(row.amount) / 100,
        Math.round(Number(row.weighted) / 100) / 100,
      ]);
    }
  });
});
