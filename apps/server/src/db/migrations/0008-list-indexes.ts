import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * What a million contacts need besides the sort indexes of 0002:
 *
 * - `contacts_prefix`: the words that a one- or two-letter search matches the start of — each word
 *   of the full name, the whole e-mail address and the phone digits. A trigram index cannot serve
 *   fewer than three characters, and scanning a million search texts took 300 ms. On SQLite an
 *   FTS5 table with prefix indexes for one and two characters, kept by triggers; e-mail punctuation
 *   counts as part of a word, so `co` does not match every `.com` address. On PostgreSQL a GIN
 *   index over the same words as a `simple` text-search vector, searched as a prefix.
 * - `products_search`: product titles searched by trigram, as contacts and partners already are.
 * - `contacts_scope`: type and active state alone (and the id, as every index holds it). Counting
 *   which of a search's matches are active leads seeks this narrow index once per match, instead of
 *   reading each match's row from the table.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contacts_scope')
    .ifNotExists()
    .on('contacts')
    .columns(['type', 'is_active'])
    .execute();
  if (engineOf(db) === 'sqlite') {
    const words = (row: 'new' | 'old') =>
      sql.raw(`${row}.name_key || ' ' || ${row}.email_key || ' ' || ${row}.phone`);
    await sql`CREATE VIRTUAL TABLE contacts_prefix USING fts5(words, content='', contentless_delete=1,
      tokenize="unicode61 remove_diacritics 0 tokenchars '.@-_+'", prefix='1 2')`.execute(db);
    await sql`INSERT INTO contacts_prefix(rowid, words)
      SELECT id, name_key || ' ' || email_key || ' ' || phone FROM contacts`.execute(db);
    await sql`CREATE TRIGGER contacts_prefix_insert AFTER INSERT ON contacts BEGIN
      INSERT INTO contacts_prefix(rowid, words) VALUES (new.id, ${words('new')}); END`.execute(db);
    await sql`CREATE TRIGGER contacts_prefix_delete AFTER DELETE ON contacts BEGIN
      DELETE FROM contacts_prefix WHERE rowid = old.id; END`.execute(db);
    await sql`CREATE TRIGGER contacts_prefix_update AFTER UPDATE OF name_key, email_key, phone ON contacts BEGIN
      DELETE FROM contacts_prefix WHERE rowid = old.id;
      INSERT INTO contacts_prefix(rowid, words) VALUES (new.id, ${words('new')}); END`.execute(db);

    await sql`CREATE VIRTUAL TABLE products_search USING fts5(title_key, content='products', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`INSERT INTO products_search(products_search) VALUES ('rebuild')`.execute(db);
    await sql`CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
      INSERT INTO products_search(rowid, title_key) VALUES (new.id, new.title_key); END`.execute(db);
    await sql`CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
      INSERT INTO products_search(products_search, rowid, title_key) VALUES ('delete', old.id, old.title_key); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER products_search_update AFTER UPDATE OF title_key ON products BEGIN
      INSERT INTO products_search(products_search, rowid, title_key) VALUES ('delete', old.id, old.title_key);
      INSERT INTO products_search(rowid, title_key) VALUES (new.id, new.title_key); END`.execute(db);
  } else {
    await sql`CREATE INDEX contacts_prefix ON contacts
      USING gin (to_tsvector('simple', name_key || ' ' || email_key || ' ' || phone))`.execute(db);
    await sql`CREATE INDEX products_title_trgm ON products USING gin (title_key gin_trgm_ops)`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contacts_scope').execute();
  if (engineOf(db) === 'sqlite') {
    for (const trigger of [
      'contacts_prefix_insert',
      'contacts_prefix_delete',
      'contacts_prefix_update',
      'products_search_insert',
      'products_search_delete',
      'products_search_update',
    ])
      await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
    await sql`DROP TABLE contacts_prefix`.execute(db);
    await sql`DROP TABLE products_search`.execute(db);
  } else {
    await sql`DROP INDEX contacts_prefix`.execute(db);
    await sql`DROP INDEX products_title_trgm`.execute(db);
  }
}
