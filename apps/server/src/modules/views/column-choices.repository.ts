import type { Db } from '../../db/database.js';

/** A person's column choices, one row per list they have chosen for. */
export async function columnChoicesOf(db: Db, userId: number) {
  return db
    .selectFrom('column_choices')
    .select(['list', 'columns'])
    .where('user_id', '=', userId)
    .orderBy('list')
    .execute();
}

export async function upsertColumnChoice(
  db: Db,
  userId: number,
  list: string,
  columns: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('column_choices')
    .values({ user_id: userId, list, columns, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'list']).doUpdateSet({ columns, updated_at: at }))
    .execute();
}

export async function deleteColumnChoice(db: Db, userId: number, list: string): Promise<void> {
  await db.deleteFrom('column_choices').where('user_id', '=', userId).where('list', '=', list).execute();
}
