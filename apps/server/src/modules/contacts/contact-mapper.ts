import type { ContactType } from '@crm/domain';
import type { z } from 'zod';
import type { ContactListRecord } from './contact-list.repository.js';
import type { ContactRow } from './contacts.repository.js';
import type { contactListRowResponse, contactResponse } from './contacts.schemas.js';

export type Contact = z.output<typeof contactResponse>;
export type ContactListRow = z.output<typeof contactListRowResponse>;

/** Money is kept in pence and answered in pounds. */
export const penceToPounds = (pence: number) => pence / 100;
export const poundsToPence = (pounds: number) => Math.round(pounds * 100);

/** The list's part of a contact; toContact adds the rest. */
export function toContactListRow(row: ContactListRecord): ContactListRow {
  return {
    id: row.id,
    type: row.type as ContactType,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    countryCode: row.country_code,
    email: row.email,
    nationality: row.nationality,
    residency: row.residency,
    gender: row.gender,
    source: row.source,
    agencyId: row.agency_id,
    agency:
      row.agency_id !== null && row.agency_name !== null
        ? { id: row.agency_id, name: row.agency_name }
        : null,
    owner: { id: row.owner_id, name: row.owner_name },
    assignedToId: row.assigned_to_id,
    assignedTo:
      row.assigned_to_id !== null && row.assignee_name !== null
        ? { id: row.assigned_to_id, name: row.assignee_name }
        : null,
    completeness: row.completeness,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toContact(row: ContactRow): Contact {
  return {
    ...toContactListRow(row),
    passportNumber: row.passport_number,
    birthday: row.birthday,
    trIdNumber: row.tr_id_number,
    city: row.city,
    occupation: row.occupation,
    maritalStatus: row.marital_status,
    numberOfChildren: row.number_of_children,
    educationLevel: row.education_level,
    incomeLevel: row.income_level,
    budget: penceToPounds(row.budget_pence),
    preferredPayment: row.preferred_payment,
    serviceCategory: row.service_category,
    roomNumber: row.room_number,
    notes: row.notes,
    version: row.version,
  };
}
