import type { Db } from '../../db/database.js';
import { findContact } from './contacts.repository.js';

/**
 * What other modules may read of contacts. Writes go through contact-write.ts; nothing outside this
 * module reads the repositories.
 */
export { contactListSource, countContacts } from './contact-list.repository.js';

/** The few facts another record needs of a contact it links to (an agency's staff member). */
export async function contactBrief(
  db: Db,
  id: number,
): Promise<{ id: number; agencyId: number | null; isActive: boolean } | undefined> {
  const row = await findContact(db, id);
  return row && { id: row.id, agencyId: row.agency_id, isActive: row.is_active === 1 };
}

/** The ids of an agency's contacts, active or not (its partner customers). */
export { contactsOfAgency as contactIdsOfAgency } from './contacts.repository.js';
