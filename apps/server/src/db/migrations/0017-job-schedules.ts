import type { Kysely } from 'kysely';

/**
 * The last slot each periodic job was enqueued for (modules/jobs/scheduler.ts). The jobs table's
 * unique key holds only while a job is queued or running, so once a slot's job is done another
 * process could enqueue the slot again; advancing this row in the transaction that inserts the job,
 * only when it is behind, lets one process across the fleet enqueue each slot.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_schedules')
    .addColumn('kind', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('last_slot', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
}
