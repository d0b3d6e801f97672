import type { Db } from '../db/database.js';
import { PARENT_COLUMN, type ParentRef, type SharedHistoryKind } from './parents.js';

const PARENT_TABLE = { contact: 'contacts', agency: 'agencies', deal: 'deals' } as const;

/** Whether a contact, agency or deal is active; undefined when there is none. */
export async function recordIsActive(db: Db, parent: ParentRef): Promise<boolean | undefined> {
  const row = await db
    .selectFrom(PARENT_TABLE[parent.kind])
    .select('is_active')
    .where('id', '=', parent.id)
    .executeTakeFirst();
  return row ? row.is_active === 1 : undefined;
}

/** The people a deal belongs to and whether it is active, for who may see and hear of what is under it. */
export async function dealKeepers(db: Db, dealId: number) {
  return db
    .selectFrom('deals')
    .select(['owner_id', 'assigned_to_id', 'is_active'])
    .where('id', '=', dealId)
    .executeTakeFirst();
}

type ChildTable = 'notes' | 'files' | 'history';

/**
 * Hands every row of a child table (notes, files, history) from one record to another and answers
 * their ids, so that an undo hands exactly those back. Each module calls it for its own table.
 */
export async function reparentRows(
  db: Db,
  table: ChildTable,
  kind: SharedHistoryKind,
  fromId: number,
  toId: number,
): Promise<number[]> {
  const column = PARENT_COLUMN[kind];
  const rows = await db.selectFrom(table).select('id').where(column, '=', fromId).execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await reparentIds(db, table, kind, ids, toId);
  return ids;
}

/** Hands the given rows of a child table to a record (an undone merge gives them back). */
export async function reparentIds(
  db: Db,
  table: ChildTable,
  kind: SharedHistoryKind,
  ids: number[],
  toId: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(table)
    .set({ [PARENT_COLUMN[kind]]: toId })
    .where('id', 'in', ids)
    .execute();
}
