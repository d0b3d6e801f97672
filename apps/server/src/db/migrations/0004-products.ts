import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/** The six top-level category groups every installation starts with. */
export const CATEGORY_GROUPS = [
  'City',
  'Unit Type',
  'Property Type',
  'View',
  'Interior Features',
  'Exterior Features',
];

/**
 * Products with their type-specific blocks (money in pence, areas in hundredths of m²), the
 * category tree and the links between them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('product_categories'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('product_categories.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_categories_parent')
    .on('product_categories')
    .columns(['parent_id', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('products'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('real_estate_company_id', 'integer', (c) => c.references('agencies.id'))
    .addColumn('sale_price_pence', 'bigint')
    .addColumn('area_centi_m2', 'bigint')
    .addColumn('real_estate_status', 'varchar(20)')
    .addColumn('room_number', 'varchar(50)')
    .addColumn('term_price_pence', 'bigint')
    .addColumn('annual_price_pence', 'bigint')
    .addColumn('maintenance_type', 'varchar(100)')
    .addColumn('maintenance_description', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  for (const [name, column] of [
    ['title', 'title_key'],
    ['created', 'created_at'],
    ['type', 'product_type'],
    ['active', 'is_active'],
  ] as const) {
    await db.schema.createIndex(`products_list_${name}`).on('products').columns([column, 'id']).execute();
  }
  await db.schema.createIndex('products_company').on('products').column('real_estate_company_id').execute();

  await db.schema
    .createTable('product_category_links')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('product_categories.id'))
    .addPrimaryKeyConstraint('product_category_links_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('product_category_links_category')
    .on('product_category_links')
    .column('category_id')
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('product_categories')
    .values(
      CATEGORY_GROUPS.map((name) => ({
        name,
        parent_id: null,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_category_links').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('product_categories').execute();
}
