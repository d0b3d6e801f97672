import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's "Conversions per week" reads the conversions' history entries (the record the
 * activity feed and the customers list's "converted in" filter read): a partial index holds them
 * by time, so twelve weeks of conversions are read without walking every other history entry.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX history_conversions ON history (created_at, contact_id) WHERE kind = 'conversion'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('history_conversions').execute();
}
