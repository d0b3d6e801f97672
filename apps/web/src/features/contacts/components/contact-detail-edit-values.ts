import type { ContactFieldsInput } from '@crm/domain';
import type { FieldErrors } from '../../../lib/form-errors';
import type { Contact } from '../api/contact-types';
import type { CreateContactPayload } from '../api/create-contact';
import type { ContactFeatures } from '../api/use-contact-features';
import { type ContactFormField, type ContactFormValues, NONE } from './contact-form-values';
import { contactPayload, validateContact } from './contact-payload';

/**
 * The edit dialog's e-mail rule: an address the contact has may be changed but not removed; a
 * contact saved without one (the new-contact form allows it) may stay without one.
 */
export const EMAIL_REQUIRED = 'Email is required';

const orNone = (value: string | null) => (value === null || value === '' ? NONE : value);

/** The form's inputs for a stored contact. */
export function valuesFromContact(contact: Contact): ContactFormValues {
  return {
    agencyId: contact.agencyId === null ? NONE : String(contact.agencyId),
    source: orNone(contact.source),
    name: contact.name,
    surname: contact.surname,
    phone: contact.phone ? `+${contact.phone.replace(/\D/g, '')}` : '',
    email: contact.email ?? '',
    nationality: orNone(contact.nationality),
    residency: orNone(contact.residency),
    gender: orNone(contact.gender),
    passportNumber: contact.passportNumber ?? '',
    birthday: contact.birthday?.slice(0, 10) ?? '',
    trIdNumber: contact.trIdNumber ?? '',
    city: contact.city ?? '',
    occupation: contact.occupation ?? '',
    maritalStatus: orNone(contact.maritalStatus),
    numberOfChildren: contact.numberOfChildren === null ? NONE : String(contact.numberOfChildren),
    educationLevel: orNone(contact.educationLevel),
    incomeLevel: orNone(contact.incomeLevel),
    budget: contact.budget,
    preferredPayment: orNone(contact.preferredPayment),
    serviceCategory: contact.serviceCategory ?? '',
    roomNumber: contact.roomNumber ?? '',
    notes: contact.notes,
  };
}

export type ContactEditCheck =
  | { kind: 'invalid'; errors: FieldErrors<ContactFormField> }
  | { kind: 'unchanged' }
  | { kind: 'changed'; payload: Partial<ContactFieldsInput> };

/** Fields this deployment hides keep what the contact has instead of being cleared by an edit. */
function prepare(
  values: ContactFormValues,
  contact: Contact,
  features: ContactFeatures,
): CreateContactPayload {
  const payload = contactPayload(values, contact.type, features);
  return {
    ...payload,
    serviceCategory: features.serviceCategory ? payload.serviceCategory : contact.serviceCategory,
    roomNumber: features.roomNumber ? payload.roomNumber : contact.roomNumber,
  };
}

/**
 * Only the fields the person changed are sent: someone else's change to another field since the
 * dialog opened is then kept, not put back to what this dialog showed.
 */
function changedFields(
  before: CreateContactPayload,
  after: CreateContactPayload,
): Partial<ContactFieldsInput> {
  const keys = (Object.keys(after) as (keyof CreateContactPayload)[]).filter((key) => key !== 'type');
  const changed = keys.filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return Object.fromEntries(changed.map((key) => [key, after[key]])) as Partial<ContactFieldsInput>;
}

/**
 * Validates the edit with the shared rules (the server runs the same ones) and compares the
 * normalised result with the normalised stored contact: no difference means nothing to send.
 */
export function checkContactEdit(
  values: ContactFormValues,
  contact: Contact,
  features: ContactFeatures,
): ContactEditCheck {
  const checked = validateContact(prepare(values, contact, features));
  const errors: FieldErrors<ContactFormField> = checked.ok ? {} : { ...checked.errors };
  if (contact.email && !values.email.trim()) errors.email ??= EMAIL_REQUIRED;
  if (!checked.ok || Object.keys(errors).length > 0) return { kind: 'invalid', errors };

  const stored = validateContact(prepare(valuesFromContact(contact), contact, features));
  if (!stored.ok) {
    // A stored contact the rules no longer accept: send every field, as the plain edit did.
    const { type: _type, ...fields } = checked.payload;
    return { kind: 'changed', payload: fields };
  }
  const payload = changedFields(stored.payload, checked.payload);
  return Object.keys(payload).length === 0 ? { kind: 'unchanged' } : { kind: 'changed', payload };
}
