import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeedContext, stepCounts } from '../../../bench/generators/context.js';
import { CRM_STEPS, tablesToClear } from '../../../bench/generators/crm.js';
import { seedUsers, USER_TABLES } from '../../../bench/generators/users.js';
import { insertInBatches } from '../../../bench/lib/database.js';
import { copyField } from '../../../bench/lib/pg-copy.js';
import { deferrable, type Restored, withConstraintsDeferred } from '../../../bench/lib/pg-deferred.js';
import { Rng } from '../../../bench/lib/prng.js';
import { engineOf } from '../src/db/dialect.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * How the seeder loads (bench/seed.ts): on PostgreSQL each step's tables through COPY without their
 * secondary indexes, built again afterwards; on SQLite through multi-row inserts. Either way the
 * trigger-kept totals come out as a fresh count of the rows, and every index is back.
 */

const SIZES: Record<string, number> = { partners: 20, contacts: 300, products: 40, tasks: 20, deals: 90 };
const STEPS = [{ option: 'users', defaultCount: 8, tables: USER_TABLES, run: seedUsers }, ...CRM_STEPS];

let t: TestApp;
let schemaBefore: string[];
const restores: Restored[] = [];

/** The seeded tables' indexes and (PostgreSQL) foreign keys, each by name with its definition. */
async function schema(): Promise<string[]> {
  const tables = tablesToClear(STEPS);
  const { rows } =
    engineOf(t.db) === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename in (${sql.join([...tables])})
          union all
          select conname, conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) from pg_constraint
          where contype = 'f' and conrelid::regclass::text in (${sql.join([...tables])})`.execute(t.db)
      : await sql<{ name: string; definition: string }>`
          select name, coalesce(sql, '') as definition from sqlite_master
          where tbl_name in (${sql.join([...tables])})`.execute(t.db);
  return rows.map((row) => `${row.name}: ${row.definition}`).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  schemaBefore = await schema();
  const ctx: SeedContext = {
    db: t.db,
    rng: new Rng(11),
    passwordHash: 'not a real hash',
    until: new Date('2026-06-01T00:00:00Z'),
  };
  for (const [step, count] of stepCounts(STEPS, (step) => SIZES[step.option])) {
    const { restored } = await withConstraintsDeferred(t.db, step.tables, () => step.run(ctx, count));
    if (restored) restores.push(restored);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const numbers = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.values(row).map((value) => (typeof value === 'string' ? value : Number(value))));

const pendingTable = async () =>
  (await sql<{ name: string | null }>`select to_regclass('seed_deferred')::text as name`.execute(t.db))
    .rows[0]?.name;

describe('the seeder’s load', () => {
  it('restores every index and foreign key it set aside, as it was (PostgreSQL; SQLite keeps them throughout)', async () => {
    expect(await schema()).toEqual(schemaBefore);
    if (engineOf(t.db) === 'postgres') {
      const contacts = restores.find((restored) => restored.tables.includes('contacts'));
      expect(contacts?.indexes).toBeGreaterThan(20);
      expect(contacts?.foreignKeys).toBe(4);
      expect(await pendingTable()).toBeNull();
    } else {
      expect(restores).toEqual([]);
    }
  });

  it('restores them after a load that fails, and what a stopped run left unrestored', async () => {
    const failing = withConstraintsDeferred(t.db, ['tasks'], async () => {
      throw new Error('the load failed');
    });
    await expect(failing).rejects.toThrow('the load failed');
    expect(await schema()).toEqual(schemaBefore);
    let expected = 0;
    if (engineOf(t.db) === 'postgres') {
      expected = (await deferrable(t.db, ['tasks'])).length;
      // As a run stopped between dropping an index and building it again leaves the database.
      const index = (await deferrable(t.db, ['tasks'])).find((each) => each.kind === 'index')!;
      await sql`create table seed_deferred (kind text not null, "table" text not null, name text not null,
        definition text not null, primary key (kind, "table", name))`.execute(t.db);
      await sql`insert into seed_deferred values ('index', 'tasks', ${index.name}, ${index.definition})`.execute(
        t.db,
      );
      await sql`drop index ${sql.ref(index.name)}`.execute(t.db);
      expect(await schema()).not.toEqual(schemaBefore);
    }
    const { result, restored } = await withConstraintsDeferred(t.db, ['tasks'], async () => 'loaded');
    expect(result).toBe('loaded');
    expect(await schema()).toEqual(schemaBefore);
    if (engineOf(t.db) === 'postgres') {
      expect((restored?.indexes ?? 0) + (restored?.foreignKeys ?? 0)).toBe(expected);
      expect(await pendingTable()).toBeNull();
    } else {
      expect(restored).toBeUndefined();
    }
  });

  it("leaves the deals' column totals equal to a fresh sum of the deals", async () => {
    const fresh = await sql<Record<string, unknown>>`
      select stage_id, is_active, count(*) as n, sum(amount_pence) as amount, sum(amount_pence * probability) as weighted
      from deals group by stage_id, is_active order by stage_id, is_active`.execute(t.db);
    const kept = await sql<Record<string, unknown>>`
      select stage_id, is_active, n, amount_pence, weighted from deal_stage_totals
      where n <> 0 order by stage_id, is_active`.execute(t.db);
    expect(fresh.rows.length).toBeGreaterThanOrEqual(7);
    expect(numbers(kept.rows)).toEqual(numbers(fresh.rows));
  });

  it("leaves the contacts' counts and each partner's contact totals equal to a fresh count", async () => {
    const fresh = await sql<Record<string, unknown>>`
      select type, is_active, count(*) as n from contacts group by type, is_active order by type, is_active`.execute(
      t.db,
    );
    const kept = await sql<Record<string, unknown>>`
      select type, is_active, n from contact_counts where n <> 0 order by type, is_active`.execute(t.db);
    expect(fresh.rows.length).toBeGreaterThan(1);
    expect(numbers(kept.rows)).toEqual(numbers(fresh.rows));
    const perAgency = await sql<Record<string, unknown>>`
      select cast(agency_id as text) as value, type, is_active, count(*) as n from contacts
      where agency_id is not null group by agency_id, type, is_active order by 1, 2, 3`.execute(t.db);
    const keptPerAgency = await sql<Record<string, unknown>>`
      select value, type, is_active, n from contact_stats
      where dimension = 'agency' and is_active in (0, 1) and n <> 0 order by 1, 2, 3`.execute(t.db);
    expect(perAgency.rows.length).toBeGreaterThan(0);
    expect(numbers(keptPerAgency.rows)).toEqual(numbers(perAgency.rows));
  });

  it('writes tabs, line breaks, backslashes and empty text as they were, and no value as NULL', async () => {
    const contact = await t.db.selectFrom('contacts').select('id').orderBy('id').executeTakeFirstOrThrow();
    const contents = ['a\tb', 'line\nbreak\r\nend', 'back\\slash \\N \\.', '\\N', '', 'Çağlar ünlü 🙂'];
    const at = '2026-01-02T03:04:05.678Z';
    const rows = contents.map((content, i) => ({
      contact_id: contact.id,
      agency_id: null,
      deal_id: null,
      content,
      is_active: i % 2,
      user_id: 1,
      created_at: at,
      updated_at: at,
    }));
    const written = await insertInBatches(
      t.db,
      rows,
      (trx, batch) => trx.insertInto('notes').values(batch).execute(),
      {
        rowsPerInsert: 4,
      },
    );
    expect(written).toBe(contents.length);
    const read = await t.db
      .selectFrom('notes')
      .select(['content', 'is_active', 'agency_id', 'deal_id', 'created_at'])
      .where('content', 'in', contents)
      .orderBy('id')
      .execute();
    expect(read.map((row) => [row.content, row.is_active, row.agency_id, row.deal_id])).toEqual(
      contents.map((content, i) => [content, i % 2, null, null]),
    );
    expect(new Date(read[0]!.created_at).toISOString()).toBe(at);
  });

  it('spells each value for COPY as the driver would send it, escaped: NULL, booleans, dates, JSON', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField(true)).toBe('true');
    expect(copyField(0)).toBe('0');
    expect(copyField(12345678901234n)).toBe('12345678901234');
    expect(copyField({ name: 'a\tb' })).toBe('{"name":"a\\\\tb"}');
    expect(copyField(new Date('2026-01-02T03:04:05.678Z'))).toMatch(
      /^2026-01-02T0\d:04:05\.678[+-]\d\d:\d\d$/,
    );
  });
});
