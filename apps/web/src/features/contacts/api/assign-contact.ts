import { apiJson } from '../../../lib/api-client';
import type { Contact } from './contact-types';

/** PUT /api/contacts/{id}/assign {assignedToId} (admin). */
export function assignContact(id: number, assignedToId: number): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}/assign`, { method: 'PUT', body: { assignedToId } });
}
