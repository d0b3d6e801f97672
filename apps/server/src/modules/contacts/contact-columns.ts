import {
  type ContactFields,
  callingCodeOf,
  completeness,
  foldCase,
  contactMessages as m,
  nationalPhoneKey,
  searchFold,
} from '@crm/domain';
import { badRequest } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import type { HistoryEntryWrite } from '../history/history.repository.js';
import type { HistoryValue } from '../history/history.service.js';
import { type Contact, poundsToPence } from './contact-mapper.js';

/** The fields an edit compares, in the order the history lists them (and their version keys). */
export const EDITABLE_FIELDS = [
  'name',
  'surname',
  'phone',
  'countryCode',
  'email',
  'agency',
  'source',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'trIdNumber',
  'city',
  'occupation',
  'maritalStatus',
  'numberOfChildren',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
  'serviceCategory',
  'roomNumber',
  'notes',
] as const;

/** A contact as an edit compares it: plain values, the agency by name, notes as their HTML. */
export function snapshot(contact: Contact): Record<string, HistoryValue> {
  const { owner: _owner, assignedTo: _assignedTo, agency, ...plain } = contact;
  return { ...plain, agency: agency?.name ?? null };
}

/** The history reads notes as text; a change of formatting alone still shows as an entry. */
export function readableNotes(entry: HistoryEntryWrite): HistoryEntryWrite {
  if (entry.field !== 'notes') return entry;
  const text = (html: string | null) => (html ? richTextToPlain(html).trim() || null : null);
  return { ...entry, oldValue: text(entry.oldValue), newValue: text(entry.newValue) };
}

/** The fields of a stored contact, as an edit would send them. */
export function fieldsOf(contact: Contact): ContactFields {
  const {
    id: _id,
    type: _type,
    agency: _agency,
    owner: _owner,
    assignedToId: _assignedToId,
    assignedTo: _assignedTo,
    completeness: _completeness,
    isActive: _isActive,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    ...fields
  } = contact;
  return fields as ContactFields;
}

function cleanNotes(html: string): string {
  const clean = sanitizeRichText(html);
  if (richTextToPlain(clean).trim().length > 1000) throw badRequest(m.notesMax, { notes: m.notesMax });
  return richTextToPlain(clean).trim() ? clean : '';
}

/** The search-folded text a search matches: name with surname, e-mail, phone and agency name. */
export function searchText(
  fields: { name: string; surname: string; email: string | null; phone: string },
  agencyName: string | null,
): string {
  return searchFold(
    [`${fields.name} ${fields.surname}`, fields.email ?? '', fields.phone, agencyName ?? ''].join('\n'),
  );
}

/**
 * The stored columns of a contact's fields, with its sort keys, search text and completeness. Sort
 * keys are case-folded and keep ş, ç, ğ, ö and ü; the keys only searches read (search text,
 * surname, passport) are search-folded; the name's search-folded twin is generated (migration 0018).
 */
export function contactColumns(fields: ContactFields, names: { agency: string | null }) {
  const source = fields.agencyId === null ? fields.source : null;
  const countryCode = fields.countryCode ?? callingCodeOf(fields.phone);
  return {
    name: fields.name,
    surname: fields.surname,
    phone: fields.phone,
    country_code: countryCode,
    email: fields.email,
    nationality: fields.nationality,
    residency: fields.residency,
    gender: fields.gender,
    passport_number: fields.passportNumber,
    birthday: fields.birthday,
    tr_id_number: fields.trIdNumber,
    city: fields.city,
    occupation: fields.occupation,
    marital_status: fields.maritalStatus,
    number_of_children: fields.numberOfChildren,
    education_level: fields.educationLevel,
    income_level: fields.incomeLevel,
    budget_pence: poundsToPence(fields.budget),
    preferred_payment: fields.preferredPayment,
    service_category: fields.serviceCategory,
    room_number: fields.roomNumber,
    source,
    notes: cleanNotes(fields.notes),
    agency_id: fields.agencyId,
    completeness: completeness(fields),
    name_key: foldCase(`${fields.name} ${fields.surname}`),
    name_fold: searchFold(`${fields.name} ${fields.surname}`),
    email_key: fields.email ? foldCase(fields.email) : '',
    surname_key: searchFold(fields.surname.trim()),
    phone_key: nationalPhoneKey(fields.phone),
    passport_key: fields.passportNumber ? searchFold(fields.passportNumber.trim()) : '',
    agency_key: names.agency ? foldCase(names.agency) : '',
    search_text: searchText(fields, names.agency),
  };
}
