import type { Kysely } from 'kysely';

/**
 * The columns each person shows on each list, in order (issue 12: the column chooser is per person,
 * kept on the server so it follows them to another browser and survives logout).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('column_choices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('list', 'varchar(30)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('column_choices_pk', ['user_id', 'list'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('column_choices').execute();
}
