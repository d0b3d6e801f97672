import type { ConversionField } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import type { Contact } from './contact-types';

export type ConversionValues = Partial<Record<ConversionField, string>>;

/** PUT /api/contacts/{id}/convert with the fields the lead was missing. */
export function convertContact(id: number, values: ConversionValues): Promise<Contact> {
  return apiJson<Contact>(`/contacts/${id}/convert`, { method: 'PUT', body: values });
}
