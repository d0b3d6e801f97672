import type { ListQuery } from '@crm/domain';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { listPage } from '../../db/list-page.js';
import { countMatches, type ListSpec, listConditions } from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import type { ProductsTable } from '../../db/schema.js';
import { trigramSearch } from '../../db/trigram-search.js';
import { nextVersion } from '../versions/versions.repository.js';

const productColumns = [
  'products.id',
  'products.title',
  'products.description',
  'products.product_type',
  'products.real_estate_company_id',
  'products.sale_price_pence',
  'products.area_centi_m2',
  'products.real_estate_status',
  'products.room_number',
  'products.term_price_pence',
  'products.annual_price_pence',
  'products.maintenance_type',
  'products.maintenance_description',
  'products.is_active',
  'products.created_at',
  'products.updated_at',
  'products.version',
  'company.name as company_name',
] as const;

/** What a list row shows and its actions need: no description, type blocks or categories. */
const productListColumns = [
  'products.id',
  'products.title',
  'products.product_type',
  'products.real_estate_company_id',
  'products.is_active',
  'products.created_at',
  'products.updated_at',
  'company.name as company_name',
] as const;

function productsJoined(db: Db) {
  return db
    .selectFrom('products')
    .leftJoin('agencies as company', 'company.id', 'products.real_estate_company_id');
}

function productsQuery(db: Db) {
  return productsJoined(db).select(productColumns);
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
export type ProductListRecord = Awaited<ReturnType<typeof listProducts>>['rows'][number];

export const productListSpec: ListSpec = {
  columns: {
    // Sorted by the key, which keeps ç and ş; searched by its search-folded twin (migration 0018).
    title: {
      expr: 'products.title_key',
      kind: 'text',
      ignoreCase: true,
      folded: true,
      twin: 'products.title_fold',
    },
    createdAt: { expr: 'products.created_at', kind: 'text', isoTime: true, notNull: true },
    isActive: { expr: 'products.is_active', kind: 'boolean' },
    productType: { expr: 'products.product_type', kind: 'text', ignoreCase: true },
  },
  search: [],
  // From three characters through the trigram index (migrations 0008 and 0018); shorter ones test each row.
  ...trigramSearch({
    id: 'products.id',
    text: 'products.title_fold',
    fts: 'products_search',
    key: 'products.title_key',
  }),
  idExpr: 'products.id',
  table: 'products',
  defaultSort: { column: 'createdAt', order: 'desc' },
};

export async function listProducts(db: Db, query: ListQuery) {
  return listPage(db, productsJoined(db).select(productListColumns), query, productListSpec, {
    fullTotal: async () => (await countMatches(db, 'products', [], undefined)).total,
  });
}

/** The list's select and conditions, for streaming every matching row (exports). */
export function productListSource(db: Db, query: ListQuery): ListSource<ProductListRecord> {
  return {
    select: productsJoined(db).select(productListColumns),
    conditions: listConditions(db, query, productListSpec),
    spec: productListSpec,
  };
}

export async function findProduct(db: Db, id: number) {
  return productsQuery(db).where('products.id', '=', id).executeTakeFirst();
}

/** The chosen categories of some products, with their group (parent) names, in one query. */
export async function categoriesOfProducts(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_category_links')
    .innerJoin('product_categories as category', 'category.id', 'product_category_links.category_id')
    .leftJoin('product_categories as parent', 'parent.id', 'category.parent_id')
    .select([
      'product_category_links.product_id',
      'category.id',
      'category.name',
      'category.parent_id',
      'parent.name as parent_name',
    ])
    .where('product_category_links.product_id', 'in', productIds)
    .orderBy('category.sort_key')
    .orderBy('category.id')
    .execute();
}

export async function categoriesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('product_categories as category')
    .leftJoin('product_categories as parent', 'parent.id', 'category.parent_id')
    .select(['category.id', 'category.name', 'category.parent_id', 'parent.name as parent_name'])
    .where('category.id', 'in', ids)
    .execute();
}

export async function insertProduct(db: Db, values: Insertable<ProductsTable>): Promise<number> {
  const { id } = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every update adds one to the version in the same statement. */
export async function updateProduct(db: Db, id: number, values: Updateable<ProductsTable>): Promise<void> {
  await db
    .updateTable('products')
    .set({ version: nextVersion, ...values })
    .where('id', '=', id)
    .execute();
}

export async function replaceProductCategories(
  db: Db,
  productId: number,
  categoryIds: number[],
): Promise<void> {
  await db.deleteFrom('product_category_links').where('product_id', '=', productId).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('product_category_links')
      .values(categoryIds.map((categoryId) => ({ product_id: productId, category_id: categoryId })))
      .execute();
  }
}
