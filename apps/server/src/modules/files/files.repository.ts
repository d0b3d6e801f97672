import type { Db } from '../../db/database.js';
import { PARENT_COLUMN, type ParentRef, parentValues } from '../parents.js';

const fileColumns = [
  'files.id',
  'files.name',
  'files.filename',
  'files.mime_type',
  'files.size',
  'files.valid_until',
  'files.is_active',
  'files.created_at',
  'files.contact_id',
  'files.agency_id',
  'files.deal_id',
  'uploader.name as user_name',
  'deleter.name as deleted_by_name',
] as const;

function filesQuery(db: Db) {
  return db
    .selectFrom('files')
    .innerJoin('users as uploader', 'uploader.id', 'files.user_id')
    .leftJoin('users as deleter', 'deleter.id', 'files.deleted_by_id')
    .select(fileColumns);
}

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export async function listFiles(db: Db, parent: ParentRef, includeInactive: boolean) {
  let qb = filesQuery(db).where(`files.${PARENT_COLUMN[parent.kind]}`, '=', parent.id);
  if (!includeInactive) qb = qb.where('files.is_active', '=', 1);
  return qb.orderBy('files.created_at', 'desc').orderBy('files.id', 'desc').execute();
}

export async function findFile(db: Db, fileId: number) {
  return filesQuery(db).where('files.id', '=', fileId).executeTakeFirst();
}

export async function findFileByStoredName(db: Db, filename: string) {
  return filesQuery(db).where('files.filename', '=', filename).executeTakeFirst();
}

export async function contactIsActive(db: Db, contactId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contacts')
    .select('is_active')
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row?.is_active === 1;
}

export async function insertFile(
  db: Db,
  parent: ParentRef,
  file: {
    name: string;
    filename: string;
    mimeType: string;
    size: number;
    validUntil: string;
    userId: number;
  },
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('files')
    .values({
      ...parentValues(parent),
      name: file.name,
      filename: file.filename,
      mime_type: file.mimeType,
      size: file.size,
      valid_until: file.validUntil,
      user_id: file.userId,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setFileActive(
  db: Db,
  fileId: number,
  active: boolean,
  byUserId: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('files')
    .set({ is_active: active ? 1 : 0, deleted_by_id: active ? null : byUserId, updated_at: at })
    .where('id', '=', fileId)
    .execute();
}

/** Stored names of every file, deleted ones included, a page at a time in id order (migration, backup). */
export async function storedNamesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'filename'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
