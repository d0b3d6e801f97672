import { productMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import {
  allCategories,
  type CategoryRow,
  categoryInUse,
  childrenOf,
  deleteCategory,
  findCategory,
  insertCategory,
  updateCategory,
} from './product-categories.repository.js';

interface CategoryBase {
  id: number;
  name: string;
  parentId: number | null;
  isActive: boolean;
}
/** Two levels: a group's subcategories have no children of their own. */
export interface Subcategory extends CategoryBase {
  children: never[];
}
export interface Category extends CategoryBase {
  children: Subcategory[];
}

function toCategory(row: CategoryRow, children: Subcategory[] = []): Category {
  return { id: row.id, name: row.name, parentId: row.parent_id, isActive: row.is_active === 1, children };
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

/** Two levels: groups and their subcategories. A parent must be a top-level group. */
async function checkParent(ctx: AppContext, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const parent = await findCategory(ctx.db, parentId);
  if (!parent) throw badRequest(m.parentNotFound, { parentId: m.parentNotFound });
  if (parent.parent_id !== null || parentId === selfId)
    throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
}

export async function createCategory(
  ctx: AppContext,
  name: string,
  parentId: number | null,
): Promise<Category> {
  await checkParent(ctx, parentId);
  const id = await insertCategory(ctx.db, name, parentId, nowIso());
  return getCategory(ctx, id, true);
}

export async function patchCategory(
  ctx: AppContext,
  id: number,
  patch: { name?: string; parentId: number | null; isActive?: boolean },
): Promise<Category> {
  const row = await existing(ctx, id);
  const changes: { name?: string; parent_id?: number | null; is_active?: number } = {};
  if (patch.name !== undefined) {
    const parentId = patch.parentId ?? row.parent_id;
    if (parentId !== row.parent_id) {
      if ((await childrenOf(ctx.db, id)).length > 0)
        throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
      await checkParent(ctx, parentId, id);
    }
    changes.name = patch.name;
    changes.parent_id = parentId;
  }
  if (patch.isActive !== undefined) changes.is_active = patch.isActive ? 1 : 0;
  await updateCategory(ctx.db, id, changes, nowIso());
  return getCategory(ctx, id, true);
}

/** Refused while products use the category or it still has subcategories: nothing is lost. */
export async function removeCategory(ctx: AppContext, id: number): Promise<void> {
  await existing(ctx, id);
  if ((await childrenOf(ctx.db, id)).length > 0) throw conflict(m.categoryHasChildren);
  if (await categoryInUse(ctx.db, id)) throw conflict(m.categoryInUse);
  await deleteCategory(ctx.db, id);
}
