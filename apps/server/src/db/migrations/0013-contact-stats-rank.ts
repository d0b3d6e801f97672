import type { Kysely } from 'kysely';

/**
 * The dashboard's top agencies read the largest totals of one dimension, type and active state
 * first, from this index, instead of summing every agency's totals (50,000 agencies: a scan of
 * about 100,000 rows on each dashboard load).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contact_stats_rank')
    .on('contact_stats')
    .columns(['dimension', 'type', 'is_active', 'n'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_stats_rank').execute();
}
