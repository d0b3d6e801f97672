import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * Fair share (docs/decisions.md): the exports being streamed, one row each while its download is
 * open, so that a person's concurrent exports are counted across every process and instance; and an
 * index by actor on the jobs, which the claim reads to serve the person with the fewest jobs running
 * first and the preview limit reads to count a person's queued and running previews.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('export_streams'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // A lease renewed while the download runs: a process that dies leaves a row that stops counting.
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('export_streams_user')
    .on('export_streams')
    .columns(['user_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('jobs_actor_state')
    .on('jobs')
    .columns(['actor_id', 'state', 'locked_until'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_actor_state').execute();
  await db.schema.dropTable('export_streams').execute();
}
