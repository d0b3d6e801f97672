import type { Db } from '../db/database.js';
import type { ParentRef } from './parents.js';

/** Whether a contact or agency is active; undefined when there is none. */
export async function recordIsActive(db: Db, parent: ParentRef): Promise<boolean | undefined> {
  const table = parent.kind === 'contact' ? 'contacts' : 'agencies';
  const row = await db.selectFrom(table).select('is_active').where('id', '=', parent.id).executeTakeFirst();
  return row ? row.is_active === 1 : undefined;
}

/** The contact or agency a file belongs to. */
export async function parentOfFile(db: Db, fileId: number): Promise<ParentRef | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['contact_id', 'agency_id'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (row?.contact_id) return { kind: 'contact', id: row.contact_id };
  if (row?.agency_id) return { kind: 'agency', id: row.agency_id };
  return undefined;
}
