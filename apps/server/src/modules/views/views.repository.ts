import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SavedViewsTable } from '../../db/schema.js';

function viewsQuery(db: Db) {
  return db
    .selectFrom('saved_views')
    .innerJoin('users', 'users.id', 'saved_views.user_id')
    .select([
      'saved_views.id',
      'saved_views.user_id',
      'saved_views.list',
      'saved_views.name',
      'saved_views.shared',
      'saved_views.state',
      'saved_views.created_at',
      'saved_views.updated_at',
      'users.name as owner_name',
    ]);
}

export type ViewRow = NonNullable<Awaited<ReturnType<typeof findView>>>;

/** A person's own views of a list and everyone's shared ones, by name. */
export async function viewsFor(db: Db, userId: number, list: string) {
  return viewsQuery(db)
    .where('saved_views.list', '=', list)
    .where((eb) => eb.or([eb('saved_views.user_id', '=', userId), eb('saved_views.shared', '=', 1)]))
    .orderBy('saved_views.name')
    .orderBy('saved_views.id')
    .limit(200)
    .execute();
}

export async function findView(db: Db, id: number) {
  return viewsQuery(db).where('saved_views.id', '=', id).executeTakeFirst();
}

export async function insertView(db: Db, values: Insertable<SavedViewsTable>): Promise<number> {
  const { id } = await db.insertInto('saved_views').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateView(db: Db, id: number, values: Updateable<SavedViewsTable>): Promise<void> {
  await db.updateTable('saved_views').set(values).where('id', '=', id).execute();
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
