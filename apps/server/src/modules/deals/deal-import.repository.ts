import { foldCase, ID_MAX, searchFold } from '@crm/domain';
import type { Db } from '../../db/database.js';

/**
 * The active contacts an import's cell names: by id (digits), e-mail (with an @) or full name, as
 * their own indexed keys hold them. At most two, so that an ambiguous name is told from a unique one.
 */
export async function contactIdsNamedBy(db: Db, value: string): Promise<number[]> {
  const text = value.trim();
  let qb = db.selectFrom('contacts').select('id').where('is_active', '=', 1);
  if (/^\d{1,10}$/.test(text)) {
    // Beyond the ids a record can have, no contact: never a number the database refuses.
    if (Number(text) > ID_MAX) return [];
    qb = qb.where('id', '=', Number(text));
  } else if (text.includes('@')) qb = qb.where('email_key', '=', foldCase(text));
  else qb = qb.where('name_fold', '=', searchFold(text.replace(/\s+/g, ' ')));
  return (await qb.limit(2).execute()).map((row) => row.id);
}

/** Who created a deal: an import's undo lets its importer deactivate the deals it created. */
export async function dealCreatorId(db: Db, id: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('deals').select('created_by_id').where('id', '=', id).executeTakeFirst();
  return row?.created_by_id;
}
