import type { Db } from '../../db/database.js';
import { PARENT_COLUMN, type ParentRef, parentValues } from '../parents.js';

const noteColumns = [
  'notes.id',
  'notes.content',
  'notes.is_active',
  'notes.created_at',
  'notes.user_id',
  'users.name as user_name',
] as const;

export type NoteRow = Awaited<ReturnType<typeof findNote>> & {};

export async function listNotes(db: Db, parent: ParentRef, includeInactive: boolean) {
  let qb = db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.user_id')
    .select(noteColumns)
    .where(`notes.${PARENT_COLUMN[parent.kind]}`, '=', parent.id);
  if (!includeInactive) qb = qb.where('notes.is_active', '=', 1);
  return qb.orderBy('notes.created_at', 'desc').orderBy('notes.id', 'desc').execute();
}

export async function findNote(db: Db, parent: ParentRef, noteId: number) {
  return db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.user_id')
    .select(noteColumns)
    .where('notes.id', '=', noteId)
    .where(`notes.${PARENT_COLUMN[parent.kind]}`, '=', parent.id)
    .executeTakeFirst();
}

export async function insertNote(db: Db, parent: ParentRef, userId: number, content: string, at: string) {
  const { id } = await db
    .insertInto('notes')
    .values({
      ...parentValues(parent),
      content,
      user_id: userId,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setNoteActive(db: Db, noteId: number, active: boolean, at: string): Promise<void> {
  await db
    .updateTable('notes')
    .set({ is_active: active ? 1 : 0, updated_at: at })
    .where('id', '=', noteId)
    .execute();
}
