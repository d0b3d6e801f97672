import { turkishSortKey } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { nextVersion } from '../versions/versions.repository.js';

export async function allCategories(db: Db) {
  return db
    .selectFrom('product_categories')
    .select(['id', 'name', 'parent_id', 'is_active', 'created_at', 'version'])
    .orderBy('parent_id')
    .orderBy('sort_key')
    .orderBy('id')
    .execute();
}

export type CategoryRow = Awaited<ReturnType<typeof allCategories>>[number];

export async function findCategory(db: Db, id: number) {
  return db
    .selectFrom('product_categories')
    .select(['id', 'name', 'parent_id', 'is_active', 'created_at', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function childrenOf(db: Db, parentId: number) {
  return db
    .selectFrom('product_categories')
    .select(['id', 'name', 'parent_id', 'is_active', 'created_at', 'version'])
    .where('parent_id', '=', parentId)
    .orderBy('sort_key')
    .orderBy('id')
    .execute();
}

export async function insertCategory(
  db: Db,
  name: string,
  parentId: number | null,
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('product_categories')
    .values({
      name,
      sort_key: turkishSortKey(name),
      parent_id: parentId,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(
  db: Db,
  id: number,
  changes: {
    name?: string;
    parent_id?: number | null;
    is_active?: number;
    field_versions?: string;
    updated_by_id?: number | null;
  },
  at: string,
): Promise<void> {
  await db
    .updateTable('product_categories')
    .set({
      version: nextVersion,
      ...changes,
      ...(changes.name === undefined ? {} : { sort_key: turkishSortKey(changes.name) }),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom('product_categories').where('id', '=', id).execute();
}

export async function categoryInUse(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('product_category_links')
    .select('product_id')
    .where('category_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
