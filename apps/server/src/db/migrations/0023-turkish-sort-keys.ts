import { turkishSortKey } from '@crm/domain';
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Product categories (the cities among them: Çanakkale, İzmir) sort in Turkish order (issue 24): a
 * `sort_key` written by the domain's turkishSortKey whenever a name is written, ordered byte by
 * byte (SQLite's binary collation; the "C" collation on PostgreSQL, whose default collation would
 * reorder the key's characters). Existing rows get their key here; categories are a few hundred
 * rows at most, so they are read and written one by one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db.schema
    .alterTable('product_categories')
    .addColumn('sort_key', postgres ? sql`varchar(400) COLLATE "C"` : 'varchar(400)', (c) =>
      c.notNull().defaultTo(''),
    )
    .execute();
  const rows: { id: number; name: string }[] = await db
    .selectFrom('product_categories')
    .select(['id', 'name'])
    .execute();
  for (const row of rows) {
    await db
      .updateTable('product_categories')
      .set({ sort_key: turkishSortKey(row.name) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('product_categories_sorted')
    .on('product_categories')
    .columns(['parent_id', 'sort_key', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_categories_sorted').execute();
  await db.schema.alterTable('product_categories').dropColumn('sort_key').execute();
}
