import type { Db } from '../../db/database.js';

/** A person's column choices, one row per list they have chosen columns or widths for. */
export async function columnChoicesOf(db: Db, userId: number) {
  return db
    .selectFrom('column_choices')
    .select(['list', 'columns', 'widths'])
    .where('user_id', '=', userId)
    .orderBy('list')
    .execute();
}

/** Keeps the chosen columns (JSON), leaving the widths as they are. */
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

/** Keeps the column widths (JSON), leaving the chosen columns as they are (every column when new). */
export async function upsertColumnWidths(
  db: Db,
  userId: number,
  list: string,
  widths: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('column_choices')
    .values({ user_id: userId, list, columns: 'null', widths, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'list']).doUpdateSet({ widths, updated_at: at }))
    .execute();
}

/** Drops the row once it holds neither a column choice nor a width. */
export async function deleteEmptyColumnChoice(db: Db, userId: number, list: string): Promise<void> {
  await db
    .deleteFrom('column_choices')
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .where('columns', '=', 'null')
    .where('widths', '=', '{}')
    .execute();
}
