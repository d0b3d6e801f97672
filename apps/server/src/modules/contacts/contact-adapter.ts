import { type ContactFields, contactMessages } from '@crm/domain';
import { richTextToPlain } from '../../lib/sanitize.js';
import type { RecordAdapter } from '../records/record-adapter.js';
import { lockVersion } from '../versions/versions.repository.js';
import { contactDuplicateSpec } from './contact-duplicates.js';
import { type Contact, toContact } from './contact-mapper.js';
import { writeContact } from './contact-write.js';
import { findContact } from './contacts.repository.js';

const field = (
  name: string,
  label: string,
  extra: Partial<RecordAdapter<Contact, ContactFields>['mergeFields'][number]> = {},
) => ({
  field: name,
  label,
  history: name,
  ...extra,
});

/** Contacts as the shared features see them (merge, duplicates, an import's undo). */
export const contactAdapter: RecordAdapter<Contact, ContactFields> = {
  kind: 'contact',
  notFound: contactMessages.contactNotFound,
  read: async (db, id) => {
    const row = await findContact(db, id);
    return row && toContact(row);
  },
  lock: async (w, id) => {
    await lockVersion(w.db, 'contacts', id);
    const row = await findContact(w.db, id);
    return row && toContact(row);
  },
  write: (w, id, change) => writeContact(w, id, change),
  // In the order the merge screen shows them.
  mergeFields: [
    field('name', 'First Name'),
    field('surname', 'Surname'),
    field('phone', 'Phone', { with: ['countryCode'] }),
    field('email', 'Email'),
    field('agencyId', 'Agency', { history: 'agency', shown: (contact) => contact.agency?.name ?? null }),
    field('source', 'Source'),
    field('nationality', 'Nationality'),
    field('residency', 'Residency'),
    field('gender', 'Gender'),
    field('passportNumber', 'Passport No'),
    field('birthday', 'Birthday'),
    field('trIdNumber', 'T.R ID No'),
    field('city', 'City'),
    field('occupation', 'Occupation'),
    field('maritalStatus', 'Marital Status'),
    field('numberOfChildren', 'Number of Children'),
    field('educationLevel', 'Education Level'),
    field('incomeLevel', 'Income Level'),
    field('budget', 'Budget'),
    field('preferredPayment', 'Preferred Payment'),
    field('serviceCategory', 'Service Category'),
    field('roomNumber', 'Room Number'),
    field('notes', 'Notes', { shown: (contact) => richTextToPlain(contact.notes).trim() || null }),
  ],
  label: (contact) => `${contact.name} ${contact.surname} (#${contact.id})`,
  duplicates: contactDuplicateSpec as never,
};

/** The fields a merge of contacts lets a person choose between. */
export const CONTACT_MERGE_FIELDS = contactAdapter.mergeFields.map((f) => f.field) as [string, ...string[]];
export type { Contact } from './contact-mapper.js';
