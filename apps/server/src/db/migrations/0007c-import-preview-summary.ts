import type { Kysely } from 'kysely';

/**
 * The preview's counts, written once when the preview ends: the import screen reads them every
 * second while the run goes on, and counting 100,000 row outcomes each time competed with the run.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('preview_summary', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('preview_summary').execute();
}
