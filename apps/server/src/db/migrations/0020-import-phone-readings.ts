import type { Kysely } from 'kysely';

/**
 * Phone numbers as offices write them (issue 23): an import's default country, whose numbers a
 * phone without a calling code is; and, per row outcome, its warnings (an ambiguous number, which is
 * not written) and how its phone cells were read, so that the preview shows both.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('country', 'varchar(2)').execute();
  await db.schema.alterTable('import_rows').addColumn('warnings', 'text').execute();
  await db.schema.alterTable('import_rows').addColumn('readings', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_rows').dropColumn('readings').execute();
  await db.schema.alterTable('import_rows').dropColumn('warnings').execute();
  await db.schema.alterTable('imports').dropColumn('country').execute();
}
