import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * The palette finds deals by the start of their folded title (`title_fold LIKE 'x%'` on
 * PostgreSQL). Unlike the contacts' and products' folded names, the column is not in the C
 * collation, so its plain index serves no LIKE under another database collation: a
 * `varchar_pattern_ops` index does, as migration 0009's do for the other keys. SQLite compares a
 * prefix as a byte range, which the plain index already serves.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`CREATE INDEX deals_title_fold_prefix ON deals (title_fold varchar_pattern_ops)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`DROP INDEX IF EXISTS deals_title_fold_prefix`.execute(db);
}
