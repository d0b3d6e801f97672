import type { ContactFieldsInput, ContactType } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import type { Contact } from './contact-types';

/** A contact that shares the name and surname, the e-mail or the phone of the one shown. */
export interface ContactDuplicate {
  id: number;
  type: ContactType;
  name: string;
  surname: string;
  email: string | null;
  phone: string;
  matchedOn: ('name' | 'email' | 'phone')[];
}

/** GET /api/contacts/{id}; the answer also lists the files, which the Files tab loads itself. */
export function fetchContact(id: number, signal?: AbortSignal): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}`, { signal });
}

export function fetchContactDuplicates(id: number, signal?: AbortSignal): Promise<ContactDuplicate[]> {
  return apiJson<ContactDuplicate[]>(`/contacts/${id}/duplicates`, { signal });
}

/**
 * PUT /api/contacts/{id} with the fields the person changed and the version they opened; answers
 * the updated contact, or 409 with the current one when a changed field was changed meanwhile.
 */
export function updateContact(
  id: number,
  body: Partial<ContactFieldsInput> & { version: number },
): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}`, { method: 'PUT', body });
}

/** DELETE /api/contacts/{id}: the admin's soft delete (ARCHITECTURE §6). */
export function deleteContact(id: number): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}`, { method: 'DELETE' });
}
