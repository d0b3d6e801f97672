import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { engineOf } from '../../apps/server/src/db/dialect.js';

/** A secondary index or foreign key dropped for a bulk load, with the statement that restores it. */
export interface Deferred {
  kind: 'index' | 'foreign key';
  table: string;
  name: string;
  definition: string;
}

/** What restoring a load's indexes and foreign keys took, for the console. */
export interface Restored {
  tables: readonly string[];
  indexes: number;
  foreignKeys: number;
  ms: number;
}

/**
 * Sorting the keys of one index in memory rather than in runs on disk: 64 MB (the default) holds the
 * keys of about a million short btree entries, less once they carry text; a trigram (GIN) index
 * gathers its entries in this memory too and writes them out each time it fills. 256 MB holds the
 * largest index of a million contacts, and is set for the seeder's own session only.
 */
const MAINTENANCE_WORK_MEM = '256MB';

/**
 * What a load of the tables can do without:
 * - every index except those behind a constraint (primary keys, unique and exclusion constraints,
 *   which the load relies on) and those a foreign key refers to (`pg_constraint.conindid` names
 *   both). A unique index that is no constraint goes too: the generators make its keys unique, and
 *   rebuilding it checks that they did;
 * - the tables' own foreign keys. Checking them row by row is most of what a row costs the
 *   database (30,000 history rows: 1.45 s with their three, 0.08 s without); adding one back checks
 *   every row in one join. Foreign keys of other tables that point here stay: an insert never fires
 *   them.
 */
export async function deferrable(db: Db, tables: readonly string[]): Promise<Deferred[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<Deferred>`
    select 'index' as kind, i.tablename as "table", i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_namespace n on n.nspname = i.schemaname
    join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
    where i.schemaname = current_schema() and i.tablename in (${sql.join([...tables])})
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
    union all
    select 'foreign key', t.relname, k.conname,
      format('ALTER TABLE %I ADD CONSTRAINT %I %s', t.relname, k.conname, pg_get_constraintdef(k.oid))
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    where k.contype = 'f' and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and t.relname in (${sql.join([...tables])})
    order by 1 desc, 2, 3`.execute(db);
  return rows;
}

/**
 * Where the definitions of what was dropped wait to be restored, in the database itself: a seed
 * stopped half way (Ctrl-C, a failed step) leaves them here, and the next run over those tables
 * (`--reset`) restores them too. The table is dropped once it is empty again.
 */
const PENDING = 'seed_deferred';

/**
 * Runs a bulk load of the tables on PostgreSQL without their secondary indexes and foreign keys:
 * they are dropped first and restored afterwards, each from its recorded definition, and the tables
 * analyzed, so that the next step reads them as the server would. Building an index once over every
 * row is several times cheaper than updating thirty of them for each row (the contacts carry thirty,
 * three of them trigram indexes). If the load fails, they are still restored over what it wrote.
 * SQLite runs the load as it is.
 */
export async function withConstraintsDeferred<T>(
  db: Db,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<{ result: T; restored?: Restored }> {
  if (engineOf(db) !== 'postgres') return { result: await load() };
  const deferred = await setAside(db, tables);
  let result: T;
  try {
    result = await load();
  } catch (error) {
    await restore(db, tables, deferred).catch(() => {});
    throw error;
  }
  return { result, restored: await restore(db, tables, deferred) };
}

/** Records what the tables can do without (and what an interrupted run left unrestored), then drops it. */
async function setAside(db: Db, tables: readonly string[]): Promise<Deferred[]> {
  if (tables.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`create table if not exists ${sql.table(PENDING)} (
      kind text not null, "table" text not null, name text not null, definition text not null,
      primary key (kind, "table", name))`.execute(trx);
    const { rows: left } = await sql<Deferred>`
      select kind, "table", name, definition from ${sql.table(PENDING)}
      where "table" in (${sql.join([...tables])})`.execute(trx);
    const key = (each: Deferred) => `${each.kind}\0${each.table}\0${each.name}`;
    const known = new Set(left.map(key));
    const current = (await deferrable(trx, tables)).filter((each) => !known.has(key(each)));
    // Indexes before foreign keys: a foreign key's check then reads the rows with them in place.
    const all = [...left, ...current].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'index' ? -1 : 1));
    for (const each of all) {
      await sql`insert into ${sql.table(PENDING)} (kind, "table", name, definition)
        values (${each.kind}, ${each.table}, ${each.name}, ${each.definition}) on conflict do nothing`.execute(
        trx,
      );
      if (each.kind === 'index') await sql`drop index if exists ${sql.ref(each.name)}`.execute(trx);
      else
        await sql`alter table ${sql.table(each.table)} drop constraint if exists ${sql.ref(each.name)}`.execute(
          trx,
        );
    }
    return all;
  });
}

/** Builds the indexes, adds the foreign keys back, analyzes the tables and forgets the definitions. */
async function restore(db: Db, tables: readonly string[], deferred: readonly Deferred[]): Promise<Restored> {
  const started = performance.now();
  const count = (kind: Deferred['kind']) => deferred.filter((each) => each.kind === kind).length;
  if (tables.length === 0) return { tables, indexes: 0, foreignKeys: 0, ms: 0 };
  await db.connection().execute(async (connection) => {
    await sql`select set_config('maintenance_work_mem', ${MAINTENANCE_WORK_MEM}, false)`.execute(connection);
    try {
      for (const each of deferred) {
        await sql.raw(each.definition).execute(connection);
        await sql`delete from ${sql.table(PENDING)}
          where kind = ${each.kind} and "table" = ${each.table} and name = ${each.name}`.execute(connection);
      }
      await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(connection);
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(PENDING)}`.execute(
        connection,
      );
      if (Number(rows[0]?.n) === 0) await sql`drop table ${sql.table(PENDING)}`.execute(connection);
    } finally {
      await sql`reset maintenance_work_mem`.execute(connection);
    }
  });
  return {
    tables,
    indexes: count('index'),
    foreignKeys: count('foreign key'),
    ms: performance.now() - started,
  };
}
