import { productMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { inWrite } from '../records/write-scope.js';
import { refusingStale } from '../versions/versions.service.js';
import { createCategory, removeCategory, writeCategory } from './category-write.js';
import {
  allCategories,
  type CategoryRow,
  childrenOf,
  findCategory,
} from './product-categories.repository.js';

interface CategoryBase {
  id: number;
  name: string;
  parentId: number | null;
  isActive: boolean;
  version: number;
}
/** Two levels: a group's subcategories have no children of their own. */
export interface Subcategory extends CategoryBase {
  children: never[];
}
export interface Category extends CategoryBase {
  children: Subcategory[];
}

function toCategory(row: CategoryRow, children: Subcategory[] = []): Category {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    isActive: row.is_active === 1,
    version: row.version,
    children,
  };
}

const toSubcategory = (row: CategoryRow): Subcategory => ({ ...toCategory(row), children: [] });

/** The tree: top-level groups, each with its subcategories. */
export async function categoryTree(ctx: AppContext): Promise<Category[]> {
  const rows = await allCategories(ctx.db);
  const children = new Map<number, Subcategory[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(toSubcategory(row));
    children.set(row.parent_id, list);
  }
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => toCategory(row, children.get(row.id) ?? []));
}

async function existing(ctx: AppContext, id: number) {
  const row = await findCategory(ctx.db, id);
  if (!row) throw notFound(m.categoryNotFoundMessage);
  return row;
}

export async function getCategory(ctx: AppContext, id: number, includeChildren: boolean): Promise<Category> {
  const row = await existing(ctx, id);
  const children = includeChildren ? (await childrenOf(ctx.db, id)).map(toSubcategory) : [];
  return toCategory(row, children);
}

export async function createCategoryFor(
  ctx: AppContext,
  actor: Actor,
  name: string,
  parentId: number | null,
): Promise<Category> {
  const id = await inWrite(ctx, actor, (w) => createCategory(w, name, parentId));
  return getCategory(ctx, id, true);
}

/** A rename and a status change are separate fields: each conflicts only with a change of its own. */
export async function patchCategory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: { name?: string; parentId: number | null; isActive?: boolean; version?: number },
): Promise<Category> {
  await existing(ctx, id);
  await refusingStale(
    () => inWrite(ctx, actor, (w) => writeCategory(w, id, patch)),
    () => getCategory(ctx, id, true),
  );
  return getCategory(ctx, id, true);
}

export async function removeCategoryFor(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inWrite(ctx, actor, (w) => removeCategory(w, id));
}
