import { foldCase } from '@crm/domain';
import { recordAudience } from '../events/event-types.js';
import type { WriteScope } from '../records/write-scope.js';
import { lockVersion } from '../versions/versions.repository.js';
import { searchText } from './contact-columns.js';
import { contactsOfAgency, findContact, refreshUserNameKeys, updateContact } from './contacts.repository.js';

/**
 * An agency's new name reaches its contacts' agency sort key and search text (topic
 * 'agency.renamed'). Each contact is locked and read first, so the keys are made from the contact
 * as it is now, not as it was when the agency's write began: an edit racing the rename loses
 * nothing. The contact's fields do not change, so it gains no history entry.
 */
export async function followAgencyRename(w: WriteScope, { agencyId }: { agencyId: number }): Promise<void> {
  for (const id of await contactsOfAgency(w.db, agencyId)) {
    await lockVersion(w.db, 'contacts', id);
    const contact = await findContact(w.db, id);
    if (!contact || contact.agency_id !== agencyId || contact.agency_name === null) continue;
    await updateContact(w.db, id, {
      agency_key: foldCase(contact.agency_name),
      search_text: searchText(contact, contact.agency_name),
    });
    w.publish({ kind: 'contact', id, audience: recordAudience(contact.is_active === 1) });
  }
}

/** A user's new name reaches the sort keys of the contacts they own or are assigned ('user.renamed'). */
export async function followUserRename(w: WriteScope, { userId, name }: { userId: number; name: string }) {
  await refreshUserNameKeys(w.db, userId, name);
}
