import { type Kysely, sql } from 'kysely';

/**
 * The width each person gives each column of a list (issue 24: columns can be resized and keep their
 * width), beside their column choice. A row may now hold widths without a column choice: its
 * columns are then the JSON `null` (every column).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('column_choices')
    .addColumn('widths', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('column_choices').where('columns', '=', 'null').execute();
  await db.schema.alterTable('column_choices').dropColumn('widths').execute();
}
