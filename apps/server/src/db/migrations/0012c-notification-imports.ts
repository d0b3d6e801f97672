import type { Kysely } from 'kysely';

/** A finished import's notification names its import, so that opening it leads to that import's page. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('import_id', 'integer', (c) => c.references('imports.id').onDelete('cascade'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('import_id').execute();
}
