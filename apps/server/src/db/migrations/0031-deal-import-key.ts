import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * An import finds the deal a row names by its title and contact together: `contact_title_key`
 * ("{contact id}:{folded title}") is generated from the two (virtual on SQLite, so no row is
 * written; stored on PostgreSQL, which has no virtual ones before 18) and indexed, so that one
 * lookup per batch finds every deal its rows could be, as the contacts' and partners' keys do.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`ALTER TABLE deals ADD COLUMN contact_title_key text GENERATED ALWAYS AS ((contact_id::text || ':') || title_key) STORED`.execute(
      db,
    );
  } else {
    await sql`ALTER TABLE deals ADD COLUMN contact_title_key text GENERATED ALWAYS AS (cast(contact_id as text) || ':' || title_key) VIRTUAL`.execute(
      db,
    );
  }
  await db.schema.createIndex('deals_contact_title').on('deals').column('contact_title_key').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS deals_contact_title`.execute(db);
  await db.schema.alterTable('deals').dropColumn('contact_title_key').execute();
}
