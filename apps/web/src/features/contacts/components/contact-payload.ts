import {
  CONTACT_NOTES_MAX,
  type ContactType,
  callingCodeOf,
  contactMessages,
  createContactSchema,
  phoneDigits,
  plainTextLength,
} from '@crm/domain';
import { type FieldErrors, issuesToFieldErrors, pickFieldErrors } from '../../../lib/form-errors';
import type { CreateContactPayload } from '../api/create-contact';
import type { ContactFeatures } from '../api/use-contact-features';
import {
  CONTACT_FORM_FIELDS,
  type ContactFormField,
  type ContactFormValues,
  NONE,
} from './contact-form-values';

/** An editor left empty gives "<p></p>": that is no notes at all. */
function cleanNotes(html: string): string {
  return html.replace(/<[^>]*>/g, '').trim() ? html : '';
}

/**
 * 001 §5 payload preparation: the calling code from the phone, the phone as digits, no source
 * when an agency is set, no agency for a direct contact, the type in upper case. Fields the
 * deployment hides are sent empty.
 */
export function contactPayload(
  values: ContactFormValues,
  type: ContactType,
  features: ContactFeatures,
): CreateContactPayload {
  const direct = values.agencyId === NONE;
  return {
    ...values,
    type,
    phone: phoneDigits(values.phone),
    countryCode: callingCodeOf(values.phone),
    agencyId: direct ? null : Number(values.agencyId),
    source: direct ? values.source : null,
    serviceCategory: features.serviceCategory ? values.serviceCategory : null,
    roomNumber: features.roomNumber ? values.roomNumber : null,
    notes: cleanNotes(values.notes),
  };
}

export type ContactValidation =
  | { ok: true; payload: CreateContactPayload }
  | { ok: false; errors: FieldErrors<ContactFormField> };

/** Checks the form with the shared schema (the server runs the same one) and the notes length. */
export function validateContact(payload: CreateContactPayload): ContactValidation {
  const parsed = createContactSchema.safeParse(payload);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (plainTextLength(payload.notes ?? '') > CONTACT_NOTES_MAX) errors.notes ??= contactMessages.notesMax;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, payload: parsed.data };
  return { ok: false, errors: contactFieldErrors(errors) };
}

/** Server or schema messages on the form's fields; the calling code belongs to the phone. */
export function contactFieldErrors(errors: Record<string, string>): FieldErrors<ContactFormField> {
  const { countryCode, ...rest } = errors;
  const mapped = countryCode && !rest.phone ? { ...rest, phone: countryCode } : rest;
  return pickFieldErrors(mapped, CONTACT_FORM_FIELDS);
}
