import type { Kysely } from 'kysely';

/**
 * The records a bulk job changed (modules/bulk): written in the transaction of each batch, so that
 * the job's undo puts back exactly those records, however far the job got and however often it
 * was resumed. Rows leave with their job's retention (modules/bulk/bulk-cleanup).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bulk_changes')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bulk_changes_pk', ['job_id', 'record_id'])
    .execute();
  await db.schema.createIndex('bulk_changes_created').on('bulk_changes').column('created_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bulk_changes').execute();
}
