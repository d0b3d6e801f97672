import { formatPhoneDigits } from '@crm/domain';

/** "JD" for Jane Doe. */
export function initialsOf(contact: { name: string; surname: string }): string {
  return `${contact.name.trim().charAt(0)}${contact.surname.trim().charAt(0)}`.toUpperCase();
}

/** "+90 532 123 45 67" for the stored digits 905321234567; the digits with a plus when not parsable. */
export const formatPhone = formatPhoneDigits;
