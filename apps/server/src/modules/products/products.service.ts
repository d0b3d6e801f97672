import {
  authMessages,
  foldCase,
  MULTI_CHOICE_GROUPS,
  productMessages as m,
  type ProductForm,
  type ProductType,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, refusingStale, versionColumns } from '../versions/versions.service.js';
import {
  agencyExists,
  categoriesByIds,
  categoriesOfProducts,
  findProduct,
  insertProduct,
  listProducts,
  type ProductListRecord,
  type ProductRow,
  productListSpec,
  replaceProductCategories,
  setProductsActive,
  updateProduct,
} from './products.repository.js';

type LinkedCategory = Awaited<ReturnType<typeof categoriesOfProducts>>[number];
const fromPence = (pence: number | null) => (pence === null ? null : pence / 100);
const toPence = (pounds: number | null | undefined) =>
  pounds === null || pounds === undefined ? null : Math.round(pounds * 100);

/** A row of GET /api/products: what the list shows and its actions need. */
export interface ProductListRow {
  id: number;
  title: string;
  productType: ProductType;
  realEstateCompanyId: number | null;
  realEstateCompany: { id: number; name: string } | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Product extends ProductListRow {
  description: string;
  categoryIds: number[];
  productCategories: { category: { id: number; name: string; parent: { name: string } | null } }[];
  realEstateProduct: { salePrice: number | null; m2: number | null; status: string } | null;
  dormitoryProduct: {
    roomNumber: string | null;
    termPrice: number | null;
    annualPrice: number | null;
  } | null;
  maintenanceProduct: { productType: string | null; description: string | null } | null;
  version: number;
}

export function toProductListRow(row: ProductListRecord): ProductListRow {
  return {
    id: row.id,
    title: row.title,
    productType: row.product_type as ProductType,
    realEstateCompanyId: row.real_estate_company_id,
    realEstateCompany:
      row.real_estate_company_id !== null && row.company_name !== null
        ? { id: row.real_estate_company_id, name: row.company_name }
        : null,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toProduct(row: ProductRow, links: LinkedCategory[]): Product {
  const type = row.product_type as ProductType;
  return {
    ...toProductListRow(row),
    description: row.description,
    categoryIds: links.map((link) => link.id),
    productCategories: links.map((link) => ({
      category: {
        id: link.id,
        name: link.name,
        parent: link.parent_name ? { name: link.parent_name } : null,
      },
    })),
    realEstateProduct:
      type === 'REAL_ESTATE'
        ? {
            salePrice: fromPence(row.sale_price_pence),
            m2: fromPence(row.area_centi_m2),
            status: row.real_estate_status ?? 'AVAILABLE',
          }
        : null,
    dormitoryProduct:
      type === 'DORMITORY'
        ? {
            roomNumber: row.room_number,
            termPrice: fromPence(row.term_price_pence),
            annualPrice: fromPence(row.annual_price_pence),
          }
        : null,
    maintenanceProduct:
      type === 'MAINTENANCE'
        ? { productType: row.maintenance_type, description: row.maintenance_description }
        : null,
    version: row.version,
  };
}

/** The links grouped by product once, keeping their order (by category name). */
function linksByProduct(links: LinkedCategory[]): Map<number, LinkedCategory[]> {
  const byProduct = new Map<number, LinkedCategory[]>();
  for (const link of links) {
    const group = byProduct.get(link.product_id);
    if (group) group.push(link);
    else byProduct.set(link.product_id, [link]);
  }
  return byProduct;
}

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

/**
 * Categories must be subcategories (not groups); Interior and Exterior Features take several,
 * every other group one.
 */
async function checkCategories(ctx: AppContext, ids: number[]): Promise<void> {
  const found = await categoriesByIds(ctx.db, ids);
  if (found.length !== ids.length) throw badRequest(m.categoryNotFound, { categoryIds: m.categoryNotFound });
  if (found.some((category) => category.parent_id === null)) {
    throw badRequest(m.categoryIsGroup, { categoryIds: m.categoryIsGroup });
  }
  const perGroup = new Map<string, number>();
  for (const category of found) {
    const group = category.parent_name ?? '';
    perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
  }
  for (const [group, count] of perGroup) {
    if (count > 1 && !(MULTI_CHOICE_GROUPS as readonly string[]).includes(group)) {
      throw badRequest(m.oneChoiceOnly(group), { categoryIds: m.oneChoiceOnly(group) });
    }
  }
}

function productColumns(form: ProductForm) {
  const re = form.productType === 'REAL_ESTATE' ? form.realEstateProduct : null;
  const dorm = form.productType === 'DORMITORY' ? form.dormitoryProduct : null;
  const maint = form.productType === 'MAINTENANCE' ? form.maintenanceProduct : null;
  return {
    title: form.title,
    title_key: foldCase(form.title),
    description: form.description,
    product_type: form.productType,
    real_estate_company_id: form.realEstateCompanyId,
    sale_price_pence: toPence(re?.salePrice),
    area_centi_m2: toPence(re?.m2),
    real_estate_status: re ? re.status : null,
    room_number: dorm?.roomNumber ?? null,
    term_price_pence: toPence(dorm?.termPrice),
    annual_price_pence: toPence(dorm?.annualPrice),
    maintenance_type: maint?.productType ?? null,
    maintenance_description: maint?.description ?? null,
  };
}

async function checkProduct(ctx: AppContext, form: ProductForm): Promise<void> {
  await checkCategories(ctx, form.categoryIds);
  if (form.realEstateCompanyId !== null && !(await agencyExists(ctx.db, form.realEstateCompanyId))) {
    throw badRequest(m.companyNotFound, { realEstateCompanyId: m.companyNotFound });
  }
}

export async function createProduct(ctx: AppContext, actor: Actor, form: ProductForm): Promise<Product> {
  await checkProduct(ctx, form);
  const at = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const productId = await insertProduct(trx, {
      ...productColumns(form),
      is_active: form.isActive === false ? 0 : 1,
      created_by_id: actor.user.id,
      created_at: at,
      updated_at: at,
    });
    await replaceProductCategories(trx, productId, form.categoryIds);
    return productId;
  });
  return productDetail(ctx, id);
}

/**
 * The product form replaces every field. The row is locked and read in the write's transaction; a
 * form sent against an older version is refused when a field it changes was changed since.
 * Deactivating is admin-only here as in the bulk action.
 */
export async function updateProductForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: ProductForm,
  version: number | undefined,
): Promise<Product> {
  if (!(await findProduct(ctx.db, id))) throw notFound(m.productNotFound);
  await checkProduct(ctx, form);
  await refusingStale(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const state = await lockVersion(trx, 'products', id);
        const existing = state && (await findProduct(trx, id));
        if (!state || !existing) throw notFound(m.productNotFound);
        const active = form.isActive === undefined ? existing.is_active : form.isActive ? 1 : 0;
        if (active !== existing.is_active && actor.user.role !== 'admin')
          throw forbidden(authMessages.forbidden);
        const columns = { ...productColumns(form), is_active: active };
        const changing: string[] = Object.entries(columns)
          .filter(([column, value]) => existing[column as keyof typeof existing] !== value)
          .map(([column]) => column);
        const oldCategories = (await categoriesOfProducts(trx, [id])).map((link) => link.id).sort();
        if (oldCategories.join() !== [...form.categoryIds].sort().join()) changing.push('categoryIds');
        assertFresh('product', state, version, changing);
        if (changing.length === 0) return;
        await updateProduct(trx, id, {
          ...columns,
          ...versionColumns(state, changing, actor.user.id),
          updated_at: nowIso(),
        });
        await replaceProductCategories(trx, id, form.categoryIds);
      }),
    () => productDetail(ctx, id),
  );
  return productDetail(ctx, id);
}

export async function bulkSetProducts(
  ctx: AppContext,
  ids: number[],
  active: boolean,
): Promise<{ count: number; message: string }> {
  const count = await setProductsActive(ctx.db, [...new Set(ids)], active, nowIso());
  if (count === 0) return { count, message: 'Nothing to update' };
  return { count, message: `${active ? 'Activated' : 'Deactivated'} ${count} products successfully` };
}
