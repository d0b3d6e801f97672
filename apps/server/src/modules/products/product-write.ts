import {
  authMessages,
  foldCase,
  MULTI_CHOICE_GROUPS,
  productMessages as m,
  type ProductForm,
  searchFold,
} from '@crm/domain';
import type { Db } from '../../db/database.js';
import { isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { agencyNameAndState } from '../agencies/agency-reads.js';
import { everyone } from '../events/event-types.js';
import type { WriteScope } from '../records/write-scope.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import { toPence } from './product-mapper.js';
import {
  categoriesByIds,
  categoriesOfProducts,
  findProduct,
  insertProduct,
  replaceProductCategories,
  updateProduct,
} from './products.repository.js';

/** What one write changes on a product: the whole form, or its status alone (a bulk action). */
export interface ProductChange {
  form?: ProductForm;
  isActive?: boolean;
  version?: number;
}

/**
 * Categories must be subcategories (not groups); Interior and Exterior Features take several,
 * every other group one.
 */
async function checkCategories(db: Db, ids: number[]): Promise<void> {
  const found = await categoriesByIds(db, ids);
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

async function checkProduct(db: Db, form: ProductForm): Promise<void> {
  await checkCategories(db, form.categoryIds);
  if (form.realEstateCompanyId !== null && !(await agencyNameAndState(db, form.realEstateCompanyId))) {
    throw badRequest(m.companyNotFound, { realEstateCompanyId: m.companyNotFound });
  }
}

function productColumns(form: ProductForm) {
  const re = form.productType === 'REAL_ESTATE' ? form.realEstateProduct : null;
  const dorm = form.productType === 'DORMITORY' ? form.dormitoryProduct : null;
  const maint = form.productType === 'MAINTENANCE' ? form.maintenanceProduct : null;
  return {
    title: form.title,
    title_key: foldCase(form.title),
    title_fold: searchFold(form.title),
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

const timestamps = (at: string) => ({ created_at: at, updated_at: at });

const productEvent = (id: number) => ({ kind: 'product' as const, id, audience: everyone });

export async function createProduct(w: WriteScope, form: ProductForm): Promise<number> {
  await checkProduct(w.db, form);
  const id = await insertProduct(w.db, {
    ...productColumns(form),
    is_active: form.isActive === false ? 0 : 1,
    created_by_id: w.actor.user.id,
    ...timestamps(w.at),
  });
  await replaceProductCategories(w.db, id, form.categoryIds);
  w.publish(productEvent(id));
  return id;
}

/**
 * The one way a product changes (its form, the bulk status actions): the row locked and read, a
 * status change refused to all but admins, a field changed since the given version refused, the
 * fields and their versions written, the event queued for after the commit.
 */
export async function writeProduct(
  w: WriteScope,
  id: number,
  change: ProductChange,
): Promise<{ changed: string[] }> {
  if (change.form) await checkProduct(w.db, change.form);
  const state = await lockVersion(w.db, 'products', id);
  const existing = state && (await findProduct(w.db, id));
  if (!state || !existing) throw notFound(m.productNotFound);
  const wanted = change.isActive ?? change.form?.isActive;
  const active = wanted === undefined ? existing.is_active : wanted ? 1 : 0;
  if (active !== existing.is_active && !isAdmin(w.actor)) throw forbidden(authMessages.forbidden);
  const columns = { ...(change.form ? productColumns(change.form) : {}), is_active: active };
  const changed: string[] = Object.entries(columns)
    .filter(([column, value]) => existing[column as keyof typeof existing] !== value)
    .map(([column]) => column);
  if (change.form) {
    const oldCategories = (await categoriesOfProducts(w.db, [id])).map((link) => link.id).sort();
    if (oldCategories.join() !== [...change.form.categoryIds].sort().join()) changed.push('categoryIds');
  }
  assertFresh('product', state, change.version, changed);
  if (changed.length === 0) return { changed };
  await updateProduct(w.db, id, {
    ...columns,
    ...versionColumns(state, changed, w.actor.user.id),
    updated_at: w.at,
  });
  if (change.form && changed.includes('categoryIds'))
    await replaceProductCategories(w.db, id, change.form.categoryIds);
  w.publish(productEvent(id));
  return { changed };
}
