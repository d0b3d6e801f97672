import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { engineOf } from '../../apps/server/src/db/dialect.js';

/** A secondary index dropped for a bulk load, with the statement that builds it again. */
export interface DeferredIndex {
  table: string;
  name: string;
  definition: string;
}

/** What rebuilding a load's indexes took, for the console. */
export interface IndexRebuild {
  tables: readonly string[];
  indexes: number;
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
 * The tables' indexes a load can do without: every one except those behind a constraint (primary
 * keys, unique and exclusion constraints, which the load relies on) and those a foreign key refers
 * to (`pg_constraint.conindid` names both). A unique index that is no constraint goes too: the
 * generators make its keys unique, and rebuilding it checks that they did.
 */
export async function deferrableIndexes(db: Db, tables: readonly string[]): Promise<DeferredIndex[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<DeferredIndex>`
    select i.tablename as "table", i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_namespace n on n.nspname = i.schemaname
    join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
    where i.schemaname = current_schema() and i.tablename in (${sql.join([...tables])})
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
    order by i.tablename, i.indexname`.execute(db);
  return rows;
}

/**
 * Where the definitions of the dropped indexes wait for their rebuild, in the database itself: a
 * seed stopped half way (Ctrl-C, a failed step) leaves them here, and the next run over those
 * tables (`--reset`) builds them too. The table is dropped once it is empty again.
 */
const PENDING = 'seed_deferred_indexes';

/**
 * Runs a bulk load of the tables on PostgreSQL without their secondary indexes: they are dropped
 * first and built again afterwards, each from its recorded definition, and the tables analyzed, so
 * that the next step reads them as the server would. Building an index once over every row is several
 * times cheaper than updating thirty of them for each row (the contacts carry thirty, three of them
 * trigram indexes). If the load fails, the indexes are still rebuilt over what it wrote. SQLite runs
 * the load as it is.
 */
export async function withIndexesDeferred<T>(
  db: Db,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<{ result: T; rebuild?: IndexRebuild }> {
  if (engineOf(db) !== 'postgres') return { result: await load() };
  const indexes = await setAside(db, tables);
  let result: T;
  try {
    result = await load();
  } catch (error) {
    await rebuildIndexes(db, tables, indexes).catch(() => {});
    throw error;
  }
  return { result, rebuild: await rebuildIndexes(db, tables, indexes) };
}

/** Records the tables' deferrable indexes (and any an interrupted run left unbuilt), then drops them. */
async function setAside(db: Db, tables: readonly string[]): Promise<DeferredIndex[]> {
  if (tables.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`create table if not exists ${sql.table(PENDING)} (
      name text primary key, "table" text not null, definition text not null)`.execute(trx);
    const { rows: left } = await sql<DeferredIndex>`
      select "table", name, definition from ${sql.table(PENDING)}
      where "table" in (${sql.join([...tables])}) order by "table", name`.execute(trx);
    const current = await deferrableIndexes(trx, tables);
    const indexes = [...left, ...current.filter((index) => !left.some((each) => each.name === index.name))];
    for (const index of indexes) {
      await sql`insert into ${sql.table(PENDING)} ("table", name, definition)
        values (${index.table}, ${index.name}, ${index.definition}) on conflict (name) do nothing`.execute(
        trx,
      );
      await sql`drop index if exists ${sql.ref(index.name)}`.execute(trx);
    }
    return indexes;
  });
}

/** Builds the indexes again, analyzes the tables, and forgets the definitions once all are built. */
async function rebuildIndexes(
  db: Db,
  tables: readonly string[],
  indexes: readonly DeferredIndex[],
): Promise<IndexRebuild> {
  const started = performance.now();
  if (tables.length === 0) return { tables, indexes: 0, ms: 0 };
  await db.connection().execute(async (connection) => {
    await sql`select set_config('maintenance_work_mem', ${MAINTENANCE_WORK_MEM}, false)`.execute(connection);
    try {
      for (const index of indexes) {
        await sql.raw(index.definition).execute(connection);
        await sql`delete from ${sql.table(PENDING)} where name = ${index.name}`.execute(connection);
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
  return { tables, indexes: indexes.length, ms: performance.now() - started };
}
