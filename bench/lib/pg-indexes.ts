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
  const indexes = await deferrableIndexes(db, tables);
  await db.transaction().execute(async (trx) => {
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(trx);
  });
  let result: T;
  try {
    result = await load();
  } catch (error) {
    await rebuildIndexes(db, tables, indexes).catch(() => {});
    throw error;
  }
  return { result, rebuild: await rebuildIndexes(db, tables, indexes) };
}

async function rebuildIndexes(
  db: Db,
  tables: readonly string[],
  indexes: readonly DeferredIndex[],
): Promise<IndexRebuild> {
  const started = performance.now();
  await db.connection().execute(async (connection) => {
    await sql`select set_config('maintenance_work_mem', ${MAINTENANCE_WORK_MEM}, false)`.execute(connection);
    try {
      for (const index of indexes) await sql.raw(index.definition).execute(connection);
      if (tables.length > 0)
        await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(connection);
    } finally {
      await sql`reset maintenance_work_mem`.execute(connection);
    }
  });
  return { tables, indexes: indexes.length, ms: performance.now() - started };
}
