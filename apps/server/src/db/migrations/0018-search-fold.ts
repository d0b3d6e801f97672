import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { searchFoldCasedSql, searchFoldSql } from '../search-fold.js';

/**
 * Searches fold the Turkish letters (ş→s, ğ→g, ç→c, ö→o, ü→u, â→a, î→i, û→u; ı and İ were already
 * "i") on both sides, so "sukru dagdelen" finds "Şükrü Dağdelen" (docs/decisions.md, "Search folds
 * Turkish letters"). The sort keys (`*_key`) keep those letters, so that they can sort in Turkish
 * order; what only searches read is stored folded, and the names that are both get a folded twin:
 *
 * - `name_fold` on contacts and agencies, `title_fold` on products: their sort key folded, generated
 *   by the database (VIRTUAL on SQLite, so no row is rewritten, only its index built; STORED on
 *   PostgreSQL, which has no virtual ones before 18), indexed for the palette, the duplicate checks
 *   and the name filters. The indexes that served those on the sort keys go.
 * - The stored search keys folded again: contacts' search text, surname and passport keys,
 *   agencies' search text. On SQLite the triggers of contacts_search and agencies_search carry the
 *   change into their FTS5 tables; PostgreSQL's trigram indexes follow by themselves.
 * - The one- and two-letter prefix words of contacts, the products' trigram table and the users'
 *   trigram indexes, over folded text.
 *
 * Kysely runs a SQLite migration outside any transaction (its SQLite adapter has no transactional
 * DDL) and all of PostgreSQL's pending migrations in one. On SQLite the keys are folded a batch of
 * ids at a time, each batch its own transaction, writing only the rows that change; every step can
 * run again after a crash half-way, since it checks or replaces what it makes and the batches skip
 * rows already folded. On PostgreSQL the generated column rewrites its table anyway, so the same
 * ALTER TABLE folds the stored keys in that one pass (updating them as well would write a third of
 * the rows twice and every index entry of theirs); the indexes that go are dropped first, so the
 * rewrite does not rebuild them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const fold = (expr: string) => searchFoldSql(engine, expr);

  // The name lookups move to the folded twins; contacts_prefix and the products' trigram index are
  // built again below over folded text.
  for (const index of [
    'contacts_dup_name',
    'contacts_find_name',
    'contacts_find_name_prefix',
    'contacts_dup_groups_name',
    'agencies_find_name_prefix',
    'products_find_title_prefix',
    ...(engine === 'postgres' ? ['contacts_prefix', 'products_title_trgm'] : []),
  ])
    await sql`DROP INDEX IF EXISTS ${sql.raw(index)}`.execute(db);

  await foldKeys(db, 'contacts', ['name_fold', 'name_key'], ['search_text', 'surname_key', 'passport_key']);
  await foldKeys(db, 'agencies', ['name_fold', 'name_key'], ['search_text']);
  await foldKeys(db, 'products', ['title_fold', 'title_key'], []);
  // The palette's exact names (newest first), its prefixes, the duplicate lookups and groups: one index.
  await sql`CREATE INDEX IF NOT EXISTS contacts_name_fold ON contacts (name_fold, is_active, updated_at)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS agencies_name_fold ON agencies (name_fold)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_title_fold ON products (title_fold)`.execute(db);

  const words = (row: string) => fold(`${row}name_key || ' ' || ${row}email_key || ' ' || ${row}phone`);
  if (engine === 'sqlite') {
    // contacts_prefix is contentless: its triggers write folded words, and it is filled again.
    for (const trigger of ['insert', 'delete', 'update'])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`contacts_prefix_${trigger}`)}`.execute(db);
    await sql`DROP TABLE IF EXISTS contacts_prefix`.execute(db);
    await sql`CREATE VIRTUAL TABLE contacts_prefix USING fts5(words, content='', contentless_delete=1,
      tokenize="unicode61 remove_diacritics 0 tokenchars '.@-_+'", prefix='1 2')`.execute(db);
    await sql`INSERT INTO contacts_prefix(rowid, words) SELECT id, ${sql.raw(words(''))} FROM contacts`.execute(
      db,
    );
    await optimize(db, 'contacts_prefix');
    await sql`CREATE TRIGGER contacts_prefix_insert AFTER INSERT ON contacts BEGIN
      INSERT INTO contacts_prefix(rowid, words) VALUES (new.id, ${sql.raw(words('new.'))}); END`.execute(db);
    await sql`CREATE TRIGGER contacts_prefix_delete AFTER DELETE ON contacts BEGIN
      DELETE FROM contacts_prefix WHERE rowid = old.id; END`.execute(db);
    await sql`CREATE TRIGGER contacts_prefix_update AFTER UPDATE OF name_key, email_key, phone ON contacts BEGIN
      DELETE FROM contacts_prefix WHERE rowid = old.id;
      INSERT INTO contacts_prefix(rowid, words) VALUES (new.id, ${sql.raw(words('new.'))}); END`.execute(db);

    await ftsOverColumn(db, 'products_search', 'products', 'title_fold', 'title_key');
    await usersSearchSqlite(db);
  } else {
    // The same expression as PREFIX_WORDS_POSTGRES in contact-list.repository.ts, which queries it.
    await sql`CREATE INDEX contacts_prefix ON contacts USING gin (to_tsvector('simple', ${sql.raw(words(''))}))`.execute(
      db,
    );
    await sql`CREATE INDEX products_title_trgm ON products USING gin (title_fold gin_trgm_ops)`.execute(db);
    for (const column of ['name', 'email']) {
      await sql`DROP INDEX IF EXISTS ${sql.raw(`users_${column}_trgm`)}`.execute(db);
      await sql`CREATE INDEX ${sql.raw(`users_${column}_trgm`)} ON users
        USING gin ((${sql.raw(searchFoldCasedSql(engine, column))}) gin_trgm_ops)`.execute(db);
    }
    // The new columns and expressions have no statistics until the tables are analysed.
    await sql`ANALYZE contacts, agencies, products, users`.execute(db);
  }
}

/**
 * Gives `table` its generated folded twin of a sort key (`twin` = [column, source]) and folds its
 * stored search keys (`stored`, written by foldCase so far: folding them in SQL gives what
 * searchFold gives their source).
 */
async function foldKeys(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  table: string,
  [column, source]: [string, string],
  stored: string[],
): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const folded = (name: string) => sql.raw(searchFoldSql('postgres', name));
    const { rows } = await sql<{ name: string; type: string }>`
      SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped`.execute(db);
    const typeOf = (name: string) => sql.raw(rows.find((row) => row.name === name)?.type ?? 'text');
    const changes = [
      sql`ADD COLUMN ${sql.raw(column)} text COLLATE "C" GENERATED ALWAYS AS (${folded(source)}) STORED`,
      ...stored.map((name) => sql`ALTER COLUMN ${sql.raw(name)} TYPE ${typeOf(name)} USING ${folded(name)}`),
    ];
    await sql`ALTER TABLE ${sql.raw(table)} ${sql.join(changes)}`.execute(db);
    return;
  }
  await addFoldColumn(db, table, column, source);
  if (stored.length > 0) await refold(db, table, stored);
}

/** A generated column holding `source` search-folded (SQLite: virtual, so no row is written). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function addFoldColumn(db: Kysely<any>, table: string, column: string, source: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_xinfo(${table})`.execute(db);
  if (rows.some((row) => row.name === column)) return;
  await sql`ALTER TABLE ${sql.raw(table)} ADD COLUMN ${sql.raw(column)} text
    GENERATED ALWAYS AS (${sql.raw(searchFoldSql('sqlite', source))}) VIRTUAL`.execute(db);
}

/** Ids a batch of the refold spans: a few seconds of work on a busy machine at most. */
const BATCH = 20_000;

/**
 * Folds `columns` of every row again, a batch of ids at a time, each batch committed (SQLite),
 * writing only the rows that change. The triggers of `<table>_search` carry the change into it.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function refold(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  const folded = (column: string) => sql.raw(searchFoldSql('sqlite', column));
  const set = sql.join(columns.map((column) => sql`${sql.raw(column)} = ${folded(column)}`));
  const changed = sql.join(
    columns.map((column) => sql`${sql.raw(column)} <> ${folded(column)}`),
    sql` OR `,
  );
  const { rows } = await sql<{ last: number | null }>`SELECT max(id) AS last FROM ${sql.raw(table)}`.execute(
    db,
  );
  const last = Number(rows[0]?.last ?? 0);
  for (let from = 0; from < last; from += BATCH) {
    const update = sql`UPDATE ${sql.raw(table)} SET ${set}
      WHERE id > ${from} AND id <= ${from + BATCH} AND (${changed})`;
    await db.transaction().execute((trx) => update.execute(trx));
  }
  // A third of the rows deleted and written again leave the FTS5 index in many segments, which
  // doubled the time of a broad match ("example.net"): merged into one, it is as fast as before.
  await optimize(db, `${table}_search`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function optimize(db: Kysely<any>, fts: string): Promise<void> {
  await sql`INSERT INTO ${sql.raw(fts)}(${sql.raw(fts)}) VALUES ('optimize')`.execute(db);
}

/**
 * An FTS5 trigram table over one column of its content table, rebuilt, with the triggers that keep
 * it. A generated column cannot be named by `UPDATE OF`, so the update trigger watches `source`.
 */
async function ftsOverColumn(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  fts: string,
  table: string,
  column: string,
  source: string,
): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${fts}_${trigger}`)}`.execute(db);
  await sql`DROP TABLE IF EXISTS ${sql.raw(fts)}`.execute(db);
  const [f, t, c] = [sql.raw(fts), sql.raw(table), sql.raw(column)];
  await sql`CREATE VIRTUAL TABLE ${f} USING fts5(${c}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`INSERT INTO ${f}(${f}) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${fts}_insert`)} AFTER INSERT ON ${t} BEGIN
    INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${fts}_delete`)} AFTER DELETE ON ${t} BEGIN
    INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${fts}_update`)} AFTER UPDATE OF ${sql.raw(source)} ON ${t} BEGIN
    INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c});
    INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
}

/**
 * The users' trigram table (migration 0014) over their names and e-mails folded as written:
 * contentless now, since what it indexes is not a column of the users table.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function usersSearchSqlite(db: Kysely<any>): Promise<void> {
  const folded = (row: string) =>
    sql.raw(`${searchFoldCasedSql('sqlite', `${row}name`)}, ${searchFoldCasedSql('sqlite', `${row}email`)}`);
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`users_search_${trigger}`)}`.execute(db);
  await sql`DROP TABLE IF EXISTS users_search`.execute(db);
  await sql`CREATE VIRTUAL TABLE users_search USING fts5(name, email, content='', contentless_delete=1,
    tokenize='trigram')`.execute(db);
  await sql`INSERT INTO users_search(rowid, name, email) SELECT id, ${folded('')} FROM users`.execute(db);
  await sql`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search(rowid, name, email) VALUES (new.id, ${folded('new.')}); END`.execute(db);
  await sql`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM users_search WHERE rowid = old.id; END`.execute(db);
  await sql`CREATE TRIGGER users_search_update AFTER UPDATE OF name, email ON users BEGIN
    DELETE FROM users_search WHERE rowid = old.id;
    INSERT INTO users_search(rowid, name, email) VALUES (new.id, ${folded('new.')}); END`.execute(db);
}

/**
 * Forward only, as every migration here (migrate.ts refuses to run older code on a newer database);
 * kept for the migrator's interface.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(_db: Kysely<any>): Promise<void> {}
