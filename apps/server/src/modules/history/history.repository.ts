import type { Db } from '../../db/database.js';
import { PARENT_COLUMN, type ParentRef, type SharedHistoryKind } from '../parents.js';

/** The shared table's parent columns: a deal's entries live in `deal_history` (migration 0027). */
function historyParent(parent: ParentRef) {
  return {
    contact_id: parent.kind === 'contact' ? parent.id : null,
    agency_id: parent.kind === 'agency' ? parent.id : null,
  };
}

export type HistoryKind = 'created' | 'conversion' | 'edited' | 'staff' | 'note' | 'task';

export interface HistoryEntryWrite {
  kind: HistoryKind;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/** One entry for each of many parents (an import's new contacts), a few statements in all. */
export async function insertHistoryBatch(
  db: Db,
  rows: {
    parent: { kind: SharedHistoryKind; id: number };
    userId: number | null;
    entry: HistoryEntryWrite;
  }[],
  at: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('history')
      .values(
        rows.slice(i, i + 200).map(({ parent, userId, entry }) => ({
          ...historyParent(parent),
          kind: entry.kind,
          field: entry.field,
          old_value: entry.oldValue,
          new_value: entry.newValue,
          user_id: userId,
          created_at: at,
        })),
      )
      .execute();
  }
}

export async function insertHistory(
  db: Db,
  parent: ParentRef,
  userId: number | null,
  entries: HistoryEntryWrite[],
  at: string,
  relatedContactId: number | null = null,
  relatedTaskId: number | null = null,
): Promise<void> {
  if (entries.length === 0) return;
  if (parent.kind === 'deal') {
    await db
      .insertInto('deal_history')
      .values(
        entries.map((entry) => ({
          deal_id: parent.id,
          kind: entry.kind,
          field: entry.field,
          old_value: entry.oldValue,
          new_value: entry.newValue,
          user_id: userId,
          related_task_id: relatedTaskId,
          created_at: at,
        })),
      )
      .execute();
    return;
  }
  await db
    .insertInto('history')
    .values(
      entries.map((entry) => ({
        ...historyParent(parent),
        kind: entry.kind,
        field: entry.field,
        old_value: entry.oldValue,
        new_value: entry.newValue,
        user_id: userId,
        related_contact_id: relatedContactId,
        related_task_id: relatedTaskId,
        created_at: at,
      })),
    )
    .execute();
}

export async function listHistory(db: Db, parent: { kind: SharedHistoryKind; id: number }, limit = 500) {
  return db
    .selectFrom('history')
    .leftJoin('users', 'users.id', 'history.user_id')
    .leftJoin('contacts as related', 'related.id', 'history.related_contact_id')
    .leftJoin('tasks', 'tasks.id', 'history.related_task_id')
    .select([
      'history.id',
      'history.kind',
      'history.field',
      'history.old_value',
      'history.new_value',
      'history.created_at',
      'users.name as user_name',
      'related.name as related_name',
      'related.surname as related_surname',
      'tasks.id as task_id',
      'tasks.title as task_title',
    ])
    .where(`history.${PARENT_COLUMN[parent.kind]}`, '=', parent.id)
    .orderBy('history.created_at', 'desc')
    .orderBy('history.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The entries one person wrote for a record from a moment on: inside a write's transaction, what
 * that write recorded (webhooks report these as the fields changed).
 */
export async function entriesWrittenSince(
  db: Db,
  parent: ParentRef,
  userId: number,
  since: string,
): Promise<HistoryEntryWrite[]> {
  const rows =
    parent.kind === 'deal'
      ? await db
          .selectFrom('deal_history')
          .select(['kind', 'field', 'old_value', 'new_value'])
          .where('deal_id', '=', parent.id)
          .where('user_id', '=', userId)
          .where('created_at', '>=', since)
          .orderBy('id')
          .execute()
      : await db
          .selectFrom('history')
          .select(['kind', 'field', 'old_value', 'new_value'])
          .where(PARENT_COLUMN[parent.kind], '=', parent.id)
          .where('user_id', '=', userId)
          .where('created_at', '>=', since)
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    kind: row.kind as HistoryEntryWrite['kind'],
    field: row.field,
    oldValue: row.old_value,
    newValue: row.new_value,
  }));
}
