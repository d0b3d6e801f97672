import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * Imports (an uploaded file, its mapping and options, its counts), the outcome of each of its rows
 * (the preview's and the run's; the run's keep what an update changed, for undo), and the record of
 * every export of contacts (who, when, how many rows), since those carry personal data.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('imports'))
    .addColumn('entity', 'varchar(20)', (c) => c.notNull())
    .addColumn('contact_type', 'varchar(10)')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text')
    .addColumn('options', 'text')
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('job_id', 'integer', (c) => c.references('jobs.id'))
    .addColumn('total_rows', 'integer')
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undo_result', 'text')
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('undone_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('imports_created').on('imports').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('phase', 'varchar(10)', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('label', 'varchar(300)')
    .addColumn('errors', 'text')
    .addColumn('duplicates', 'text')
    .addColumn('changes', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'phase', 'row_number'])
    .execute();
  await db.schema
    .createIndex('import_rows_action')
    .on('import_rows')
    .columns(['import_id', 'phase', 'action', 'row_number'])
    .execute();

  await idColumn(db, db.schema.createTable('export_log'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('list', 'varchar(30)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_log_created').on('export_log').columns(['created_at', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_log').execute();
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
