import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { dialString, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneDigits } from './phone-digits.js';

export * from './phone-digits.js';

/** A required phone number, reduced to its digits, 6 to 15 of them. */
export function phoneField(messages: { required: string; length: string }) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .transform((value) => phoneDigits(String(value)))
    .superRefine((digits, ctx) => {
      if (digits === '') ctx.addIssue({ code: 'custom', message: messages.required });
      else if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS)
        ctx.addIssue({ code: 'custom', message: messages.length });
    });
}

/**
 * The calling code of an international number given as digits ("+90" for 90532…), or null when the
 * digits do not start with a known code. Parse failures give null, never an error.
 */
export function callingCodeOf(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  try {
    const parsed = parsePhoneNumberFromString(`+${digits}`);
    return parsed?.countryCallingCode ? `+${parsed.countryCallingCode}` : null;
  } catch {
    return null;
  }
}

/**
 * Stored digits with their calling code in international format: 905321234567 reads
 * "+90 532 123 45 67"; digits that do not parse read as they are dialled (`dialString`). The browser
 * formats the same way, loading the phone library after the screen (apps/web/src/lib/phone-display.ts).
 */
export function formatPhoneDigits(digits: string): string {
  const plain = phoneDigits(digits);
  if (!plain || plain.startsWith('0')) return plain;
  try {
    return parsePhoneNumberFromString(`+${plain}`)?.formatInternational() ?? dialString(plain);
  } catch {
    return dialString(plain);
  }
}
