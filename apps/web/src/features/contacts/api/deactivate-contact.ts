import { apiJson } from '../../../lib/api-client';
import type { Contact } from './contact-types';

/** PUT /api/contacts/{id}/deactivate (admin). */
export function deactivateContact(id: number): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}/deactivate`, { method: 'PUT' });
}
