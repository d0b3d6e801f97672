import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * The palette finds deals by the start of their folded title.
 *
 * A plain user sees only their own active deals: their title lookups read `(owner_id, is_active,
 * title_fold)` and `(assigned_to_id, is_active, title_fold)`, so a word common in others' deals
 * ("villa" in a quarter of 300,000) is never read row by row (on SQLite it cost 47 ms a search at
 * 200,000 deals when the user had none of them, against 1 ms from these indexes).
 *
 * On PostgreSQL the prefix is a LIKE, and unlike the contacts' and products' folded names
 * `title_fold` is not in the C collation, so a plain index serves no LIKE under another database
 * collation: `varchar_pattern_ops` ones do, as migration 0009's do for the other keys. SQLite
 * compares a prefix as a byte range, which plain indexes serve.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`CREATE INDEX deals_title_fold_prefix ON deals (title_fold varchar_pattern_ops)`.execute(db);
    await sql`CREATE INDEX deals_owner_title ON deals (owner_id, is_active, title_fold varchar_pattern_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX deals_assignee_title ON deals (assigned_to_id, is_active, title_fold varchar_pattern_ops)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createIndex('deals_owner_title')
    .on('deals')
    .columns(['owner_id', 'is_active', 'title_fold'])
    .execute();
  await db.schema
    .createIndex('deals_assignee_title')
    .on('deals')
    .columns(['assigned_to_id', 'is_active', 'title_fold'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['deals_title_fold_prefix', 'deals_owner_title', 'deals_assignee_title'])
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
}
