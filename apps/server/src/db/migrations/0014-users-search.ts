import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * The command palette finds staff by any part of their name or e-mail. Scanning ten thousand users
 * for it took about 3 ms of every palette request, more than the contacts' lookups. On SQLite an
 * FTS5 trigram index over the two columns (the users table is its content), kept by triggers; on
 * PostgreSQL pg_trgm indexes on the lowered columns the palette compares.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`CREATE INDEX users_name_trgm ON users USING gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX users_email_trgm ON users USING gin (lower(email) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE users_search USING fts5(name, email, content='users', content_rowid='id',
    tokenize='trigram')`.execute(db);
  await sql`INSERT INTO users_search(users_search) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search(rowid, name, email) VALUES (new.id, new.name, new.email); END`.execute(db);
  await sql`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search(users_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER users_search_update AFTER UPDATE OF name, email ON users BEGIN
    INSERT INTO users_search(users_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
    INSERT INTO users_search(rowid, name, email) VALUES (new.id, new.name, new.email); END`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`DROP INDEX users_email_trgm`.execute(db);
    await sql`DROP INDEX users_name_trgm`.execute(db);
    return;
  }
  for (const name of ['insert', 'delete', 'update'])
    await sql.raw(`DROP TRIGGER users_search_${name}`).execute(db);
  await sql`DROP TABLE users_search`.execute(db);
}
