import type { Kysely } from 'kysely';

/**
 * The day each user's task digest last went out: the digest job skips whoever already has today's,
 * so a run repeated or resumed after a crash does not send it twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('task_digests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('task_digests').execute();
}
