import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { phoneDigits } from './phone-digits.js';
import { searchFold } from './text.js';

export * from './search-limits.js';

/**
 * A stored phone (digits with the calling code) without its calling code, so that "0532 123 45 67"
 * and "532 123 45 67" find "905321234567". Digits that start with no known code are kept whole.
 */
export function nationalPhoneKey(phone: string): string {
  const digits = phoneDigits(phone);
  if (!digits) return '';
  try {
    return parsePhoneNumberFromString(`+${digits}`)?.nationalNumber ?? digits;
  } catch {
    return digits;
  }
}

/** What a typed query can be compared with: search-folded text, and phone digits when it reads as a phone. */
export interface SearchNeedle {
  text: string;
  /** Digits of a phone-looking query, as typed (with any calling code). */
  digits: string | null;
  /** The same digits without an international prefix (+ or 00) or a trunk 0. */
  national: string | null;
}

export function searchNeedle(raw: string): SearchNeedle {
  const text = searchFold(raw.trim().replace(/\s+/g, ' '));
  const phoneLike = /^[\d\s+().-]+$/.test(text);
  const digits = phoneLike ? phoneDigits(text) : '';
  if (digits.length < 3) return { text, digits: null, national: null };
  const international = text.startsWith('+') || digits.startsWith('00');
  const whole = digits.replace(/^00/, '');
  return {
    text,
    digits: whole,
    national: international ? nationalPhoneKey(whole) : whole.replace(/^0+/, ''),
  };
}
