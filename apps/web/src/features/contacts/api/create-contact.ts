import type { ContactFieldsInput, ContactType } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import type { Contact } from './contact-types';

export type CreateContactPayload = ContactFieldsInput & { type: ContactType };

/** POST /api/contacts. */
export function createContact(body: CreateContactPayload): Promise<Contact> {
  return apiJson<Contact>('/contacts', { method: 'POST', body });
}
