import { productMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, refusingStale, versionColumns } from '../versions/versions.service.js';
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

/** Two levels: groups and their subcategories. A parent must be a top-level group. */
async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const parent = await findCategory(db, parentId);
  if (!parent) throw badRequest(m.parentNotFound, { parentId: m.parentNotFound });
  if (parent.parent_id !== null || parentId === selfId)
    throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
}

export async function createCategory(
  ctx: AppContext,
  name: string,
  parentId: number | null,
): Promise<Category> {
  await checkParent(ctx.db, parentId);
  const id = await insertCategory(ctx.db, name, parentId, nowIso());
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
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const state = await lockVersion(trx, 'product_categories', id);
        const row = state && (await findCategory(trx, id));
        if (!state || !row) throw notFound(m.categoryNotFoundMessage);
        const changes: { name?: string; parent_id?: number | null; is_active?: number } = {};
        const changing: string[] = [];
        if (patch.name !== undefined) {
          const parentId = patch.parentId ?? row.parent_id;
          if (parentId !== row.parent_id) {
            if ((await childrenOf(trx, id)).length > 0)
              throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
            await checkParent(trx, parentId, id);
            changing.push('parentId');
          }
          if (patch.name !== row.name) changing.push('name');
          changes.name = patch.name;
          changes.parent_id = parentId;
        }
        if (patch.isActive !== undefined) {
          changes.is_active = patch.isActive ? 1 : 0;
          if (changes.is_active !== row.is_active) changing.push('isActive');
        }
        assertFresh('category', state, patch.version, changing);
        if (changing.length === 0) return;
        await updateCategory(
          trx,
          id,
          { ...changes, ...versionColumns(state, changing, actor.user.id) },
          nowIso(),
        );
      }),
    () => getCategory(ctx, id, true),
  );
  return getCategory(ctx, id, true);
}

/** Refused while products use the category or it still has subcategories: nothing is lost. */
export async function removeCategory(ctx: AppContext, id: number): Promise<void> {
  await existing(ctx, id);
  if ((await childrenOf(ctx.db, id)).length > 0) throw conflict(m.categoryHasChildren);
  if (await categoryInUse(ctx.db, id)) throw conflict(m.categoryInUse);
  await deleteCategory(ctx.db, id);
}
