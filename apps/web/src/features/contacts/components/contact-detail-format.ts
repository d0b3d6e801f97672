import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** "JD" for Jane Doe. */
export function initialsOf(contact: { name: string; surname: string }): string {
  return `${contact.name.trim().charAt(0)}${contact.surname.trim().charAt(0)}`.toUpperCase();
}

/** "+90 532 123 45 67" for the stored digits 905321234567; the digits with a plus when not parsable. */
export function formatPhone(digits: string): string {
  if (!digits) return '';
  try {
    return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
  } catch {
    return `+${digits}`;
  }
}
