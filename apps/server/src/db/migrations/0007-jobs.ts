import { type Kysely, sql } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * The shared job queue (modules/jobs): one row per job, claimed by a lease (locked_by and
 * locked_until) so that a job survives a restart and runs in one process at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(50)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('unique_key', 'varchar(200)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('checkpoint', 'text')
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('progress_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The claim reads queued jobs by due time and running jobs by lease expiry.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at', 'id']).execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['state', 'locked_until']).execute();
  await db.schema.createIndex('jobs_kind').on('jobs').columns(['kind', 'id']).execute();
  // At most one waiting or running job per key: a periodic job is enqueued by every process, once.
  await sql`CREATE UNIQUE INDEX jobs_unique_key ON jobs (unique_key)
    WHERE state IN ('queued', 'running')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
