import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { searchFoldSql } from '../search-fold.js';

/**
 * The folded names (`name_fold` of contacts and agencies, `title_fold` of products, migration 0018)
 * become plain columns that the write functions fill, as they fill the sort keys.
 *
 * On SQLite they were VIRTUAL generated columns: every row a search tests folded its name again,
 * eight nested replace() calls, so a name filter that walks the leads, a partners search and the
 * palette cost 37–48% more CPU per request than before the fold (docs/benchmarks.md). Stored, the
 * same filter over 100,000 contacts takes 49 ms instead of 78, and over 5,000 agencies 0.45 ms
 * instead of 4.6. SQLite cannot turn a virtual column into a stored one, nor add a stored
 * generated column; triggers that write it after each insert would write every row twice (an
 * import of 100,000 rows among them). So the column is dropped (a virtual one holds no data, so
 * no row is rewritten) and added again as plain text, filled a batch of ids at a time.
 *
 * On PostgreSQL the columns were STORED already; they become plain columns keeping their values
 * (DROP EXPRESSION changes the catalogue only), so that both engines are written the same way.
 *
 * Kysely runs a SQLite migration outside any transaction: the change of column is one transaction
 * (SQLite's DDL is transactional), each batch of the fill its own, and the index is made last, so
 * every step can run again after a crash half-way.
 */
const FOLDS: { table: string; column: string; source: string; index: string }[] = [
  {
    table: 'contacts',
    column: 'name_fold',
    source: 'name_key',
    index: 'CREATE INDEX IF NOT EXISTS contacts_name_fold ON contacts (name_fold, is_active, updated_at)',
  },
  {
    table: 'agencies',
    column: 'name_fold',
    source: 'name_key',
    index: 'CREATE INDEX IF NOT EXISTS agencies_name_fold ON agencies (name_fold)',
  },
  {
    table: 'products',
    column: 'title_fold',
    source: 'title_key',
    index: 'CREATE INDEX IF NOT EXISTS products_title_fold ON products (title_fold)',
  },
];

/** Ids a batch of the fill spans: a few seconds of work on a busy machine at most. */
const BATCH = 50_000;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const { table, column } of FOLDS)
      await sql`ALTER TABLE ${sql.raw(table)} ALTER COLUMN ${sql.raw(column)} DROP EXPRESSION IF EXISTS`.execute(
        db,
      );
    return;
  }
  for (const fold of FOLDS) {
    await replaceVirtualColumn(db, fold.table, fold.column);
    await fill(db, fold.table, fold.column, fold.source);
    await sql.raw(fold.index).execute(db);
  }
}

/**
 * Drops the virtual `column` of `table` and adds it again as plain text, in one transaction; the
 * triggers that name it (the products' trigram table keeps `title_fold`) are dropped before and
 * made again after, unchanged. Does nothing when the column is plain already.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceVirtualColumn(db: Kysely<any>, table: string, column: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ hidden: number }>`
      SELECT hidden FROM pragma_table_xinfo(${table}) WHERE name = ${column}`.execute(trx);
    // 2: a virtual generated column; 0 once it is plain.
    if (rows[0]?.hidden !== 2) return;
    const { rows: triggers } = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master
      WHERE type = 'trigger' AND tbl_name = ${table} AND sql LIKE ${`%${column}%`}`.execute(trx);
    for (const trigger of triggers) await sql`DROP TRIGGER ${sql.id(trigger.name)}`.execute(trx);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_${column}`)}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(table)} DROP COLUMN ${sql.id(column)}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(table)} ADD COLUMN ${sql.id(column)} text`.execute(trx);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
  });
}

/** Writes `source` folded into `column` wherever it is still empty, a batch of ids at a time. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function fill(db: Kysely<any>, table: string, column: string, source: string): Promise<void> {
  const { rows } = await sql<{ last: number | null }>`SELECT max(id) AS last FROM ${sql.id(table)}`.execute(
    db,
  );
  const last = Number(rows[0]?.last ?? 0);
  const folded = sql.raw(searchFoldSql('sqlite', source));
  for (let from = 0; from < last; from += BATCH) {
    await db.transaction().execute((trx) =>
      sql`UPDATE ${sql.id(table)} SET ${sql.id(column)} = ${folded}
          WHERE id > ${from} AND id <= ${from + BATCH} AND ${sql.id(column)} IS NULL`.execute(trx),
    );
  }
}

/**
 * Forward only, as every migration here (migrate.ts refuses to run older code on a newer database);
 * kept for the migrator's interface.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(_db: Kysely<any>): Promise<void> {}
