import type { ContactType } from '@crm/domain';

/**
 * A row of GET /api/contacts: what the list shows and its row actions need (Convert asks only for
 * the missing conversion fields). The detail answers the whole Contact.
 */
export interface ContactListRow {
  id: number;
  type: ContactType;
  name: string;
  surname: string;
  phone: string;
  countryCode: string | null;
  email: string | null;
  nationality: string | null;
  residency: string | null;
  gender: string | null;
  source: string | null;
  agencyId: number | null;
  agency: { id: number; name: string } | null;
  owner: { id: number; name: string };
  assignedToId: number | null;
  assignedTo: { id: number; name: string } | null;
  completeness: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A whole contact, as the detail and every write answer it
 * (apps/server/src/modules/contacts/contacts.schemas.ts).
 */
export interface Contact extends ContactListRow {
  passportNumber: string | null;
  birthday: string | null;
  trIdNumber: string | null;
  city: string | null;
  occupation: string | null;
  maritalStatus: string | null;
  numberOfChildren: number | null;
  educationLevel: string | null;
  incomeLevel: string | null;
  /** Pounds. */
  budget: number;
  preferredPayment: string | null;
  serviceCategory: string | null;
  roomNumber: string | null;
  /** Sanitised rich text (HTML). */
  notes: string;
  /** Sent back with an edit, so that a change made meanwhile by someone else is not overwritten. */
  version: number;
}

/** A whole contact rather than a list row: list rows have no notes. */
export function isWholeContact(contact: ContactListRow): contact is Contact {
  return 'notes' in contact;
}

/** The screens' route segment for each type: /leads and /lead/{id}, /customers and /customer/{id}. */
export const CONTACT_PATHS: Record<
  ContactType,
  { list: string; detail: (id: number) => string; create: string }
> = {
  LEAD: { list: '/leads', detail: (id) => `/lead/${id}`, create: '/new-lead' },
  CUSTOMER: { list: '/customers', detail: (id) => `/customer/${id}`, create: '/new-customer' },
};
