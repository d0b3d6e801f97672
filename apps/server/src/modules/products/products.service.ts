import type { ProductForm } from '@crm/domain';
import { productMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import type { ListExport } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { inWrite } from '../records/write-scope.js';
import { refusingStale } from '../versions/versions.service.js';
import {
  linksByProduct,
  type Product,
  type ProductListRow,
  toProduct,
  toProductListRow,
} from './product-mapper.js';
import { createProduct, writeProduct } from './product-write.js';
import {
  categoriesOfProducts,
  findProduct,
  listProducts,
  type ProductListRecord,
  type ProductRow,
  productListSource,
  productListSpec,
} from './products.repository.js';

export type { Product, ProductListRow } from './product-mapper.js';

async function withCategories(ctx: AppContext, rows: ProductRow[]): Promise<Product[]> {
  const links = await categoriesOfProducts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const byProduct = linksByProduct(links);
  return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

export async function productDetail(ctx: AppContext, id: number): Promise<Product> {
  const row = await findProduct(ctx.db, id);
  if (!row) throw notFound(m.productNotFound);
  return (await withCategories(ctx, [row]))[0]!;
}

/** List rows only: the list runs no categories query. */
export async function listProductsFor(
  ctx: AppContext,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<ProductListRow>> {
  const page = await listProducts(ctx.db, parseListQuery(rawQuery, productListSpec));
  return { ...page, rows: page.rows.map(toProductListRow) };
}

export async function createProductFor(ctx: AppContext, actor: Actor, form: ProductForm): Promise<Product> {
  const id = await inWrite(ctx, actor, (w) => createProduct(w, form));
  return productDetail(ctx, id);
}

/**
 * The product form replaces every field; a form sent against an older version is refused when a
 * field it changes was changed since. Deactivating is admin-only here as in the bulk action.
 */
export async function updateProductForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: ProductForm,
  version: number | undefined,
): Promise<Product> {
  if (!(await findProduct(ctx.db, id))) throw notFound(m.productNotFound);
  await refusingStale(
    () => inWrite(ctx, actor, (w) => writeProduct(w, id, { form, version })),
    () => productDetail(ctx, id),
  );
  return productDetail(ctx, id);
}

/** Each product whose status differs changes through the write path, in one transaction. */
export async function bulkSetProducts(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  active: boolean,
): Promise<{ count: number; message: string }> {
  const count = await inWrite(ctx, actor, async (w) => {
    let changed = 0;
    for (const id of [...new Set(ids)]) {
      if (!(await findProduct(w.db, id))) continue;
      if ((await writeProduct(w, id, { isActive: active })).changed.length > 0) changed++;
    }
    return changed;
  });
  if (count === 0) return { count, message: 'Nothing to update' };
  return { count, message: `${active ? 'Activated' : 'Deactivated'} ${count} products successfully` };
}

/** The products list as an export reads it. */
export async function productListExport(
  ctx: AppContext,
  params: Record<string, unknown>,
): Promise<ListExport<ProductListRecord, ProductListRow>> {
  const query = parseListQuery(params, productListSpec);
  const { total } = await listProductsFor(ctx, { ...params, limit: '1', offset: '0' });
  return { total, source: productListSource(ctx.db, query), query, toView: toProductListRow };
}
