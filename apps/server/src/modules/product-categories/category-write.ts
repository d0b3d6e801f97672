import { productMessages as m } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { assertAdmin } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { everyone } from '../events/event-types.js';
import type { WriteScope } from '../records/write-scope.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import {
  categoryInUse,
  childrenOf,
  deleteCategory,
  findCategory,
  insertCategory,
  updateCategory,
} from './product-categories.repository.js';

/** A rename (with a move to another group) and a status change, each a field of its own. */
export interface CategoryChange {
  name?: string;
  parentId?: number | null;
  isActive?: boolean;
  version?: number;
}

const categoryEvent = (id: number) => ({ kind: 'category' as const, id, audience: everyone });

/** Two levels: groups and their subcategories. A parent must be a top-level group. */
async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const parent = await findCategory(db, parentId);
  if (!parent) throw badRequest(m.parentNotFound, { parentId: m.parentNotFound });
  if (parent.parent_id !== null || parentId === selfId)
    throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
}

export async function createCategory(w: WriteScope, name: string, parentId: number | null): Promise<number> {
  assertAdmin(w.actor);
  await checkParent(w.db, parentId);
  const id = await insertCategory(w.db, name, parentId, w.at);
  w.publish(categoryEvent(id));
  return id;
}

/**
 * The one way a category changes: admins only, the row locked and read, each field conflicting
 * only with a change of its own since the given version.
 */
export async function writeCategory(
  w: WriteScope,
  id: number,
  change: CategoryChange,
): Promise<{ changed: string[] }> {
  assertAdmin(w.actor);
  const state = await lockVersion(w.db, 'product_categories', id);
  const row = state && (await findCategory(w.db, id));
  if (!state || !row) throw notFound(m.categoryNotFoundMessage);
  const changes: { name?: string; parent_id?: number | null; is_active?: number } = {};
  const changed: string[] = [];
  if (change.name !== undefined) {
    const parentId = change.parentId ?? row.parent_id;
    if (parentId !== row.parent_id) {
      if ((await childrenOf(w.db, id)).length > 0)
        throw badRequest(m.nestingTooDeep, { parentId: m.nestingTooDeep });
      await checkParent(w.db, parentId, id);
      changed.push('parentId');
    }
    if (change.name !== row.name) changed.push('name');
    changes.name = change.name;
    changes.parent_id = parentId;
  }
  if (change.isActive !== undefined) {
    changes.is_active = change.isActive ? 1 : 0;
    if (changes.is_active !== row.is_active) changed.push('isActive');
  }
  assertFresh('category', state, change.version, changed);
  if (changed.length === 0) return { changed };
  await updateCategory(w.db, id, { ...changes, ...versionColumns(state, changed, w.actor.user.id) }, w.at);
  w.publish(categoryEvent(id));
  return { changed };
}

/** Refused while products use the category or it still has subcategories: nothing is lost. */
export async function removeCategory(w: WriteScope, id: number): Promise<void> {
  assertAdmin(w.actor);
  await lockVersion(w.db, 'product_categories', id);
  if (!(await findCategory(w.db, id))) throw notFound(m.categoryNotFoundMessage);
  if ((await childrenOf(w.db, id)).length > 0) throw conflict(m.categoryHasChildren);
  if (await categoryInUse(w.db, id)) throw conflict(m.categoryInUse);
  await deleteCategory(w.db, id);
  w.publish(categoryEvent(id));
}
