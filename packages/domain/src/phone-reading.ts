import { type CountryCode, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { COUNTRIES } from './countries.js';
import { phoneDigits } from './phone-digits.js';

/**
 * Phone numbers as people write them (forms, spreadsheets). The default ("min") metadata is used on
 * purpose: whether a national reading is valid is judged by the country's numbering plan (lengths and
 * the national number pattern), not by the ranges assigned today. The full ("max") metadata does not
 * know several Turkish mobile prefixes offices use (511, 513–515, 517–519): with it, nearly every 511…
 * number would also be a valid Lima landline and be flagged. Its metadata is also twice the size
 * (33 KB against 16 KB, brotli) in every form that reads a phone. See docs/decisions.md, "Phone
 * numbers as offices write them".
 */

const COUNTRY_NAMES = new Map(COUNTRIES);

export interface PhoneReading {
  /** The digits as records keep them, with the calling code; the digits as written when unreadable. */
  digits: string;
  /** "+90"; null when the number could not be read. */
  callingCode: string | null;
  /** "+90 538 495 00 02"; the digits as written when unreadable. */
  formatted: string;
  /**
   * Written without + or 00, the number is possible, though not valid, in the default country, and
   * also a valid number when read with its own calling code: the writer has to say which.
   */
  ambiguous: boolean;
  /** When ambiguous, why, naming both readings: "447700900123 could be read as … or …: …". */
  warning?: string;
}

const INTERNATIONAL = /^[\s(]*\+/;

function parse(digits: string, from?: string): PhoneNumber | undefined {
  try {
    if (from === undefined) return parsePhoneNumberFromString(`+${digits}`);
    if (from.startsWith('+'))
      return parsePhoneNumberFromString(digits, { defaultCallingCode: from.slice(1) });
    return parsePhoneNumberFromString(digits, from.toUpperCase() as CountryCode);
  } catch {
    // Not a number libphonenumber can read (too long, a calling code it does not know).
    return undefined;
  }
}

function reading(number: PhoneNumber): PhoneReading {
  return {
    digits: number.number.slice(1),
    callingCode: `+${number.countryCallingCode}`,
    formatted: number.formatInternational(),
    ambiguous: false,
  };
}

const unread = (digits: string): PhoneReading => ({
  digits,
  callingCode: null,
  formatted: digits,
  ambiguous: false,
});

const described = (number: PhoneNumber) => {
  const country = number.country && COUNTRY_NAMES.get(number.country);
  return country ? `${number.formatInternational()} (${country})` : number.formatInternational();
};

/**
 * Reads a phone number as written. A leading + or 00 means international. Otherwise the number is
 * read nationally for the default country first (a two-letter code, "TR", or a calling code, "+90",
 * when a row names its own), with or without its trunk 0 and even with the country's calling code
 * in front: "538 495 00 02", "0538 495 00 02" and 905384950002 all read as 905384950002. Only when
 * no national reading is possible is it read as international digits whose + was lost (a spreadsheet
 * drops it from numeric cells): 12025550123 is +1 202 555 0123. When the national reading is
 * possible but not a valid number of the country while the international one is valid, the national
 * one is given and flagged as ambiguous. An unreadable number gives its digits, for the forms' own
 * rule (6 to 15 digits) to judge.
 */
export function readPhone(text: string | number, defaultCountry: string): PhoneReading {
  const written = String(text).trim();
  const digits = phoneDigits(written);
  if (digits === '') return unread('');
  if (INTERNATIONAL.test(written) || digits.startsWith('00')) {
    const international = INTERNATIONAL.test(written) ? digits : digits.slice(2);
    const number = parse(international);
    return number?.isPossible() ? reading(number) : unread(international);
  }
  const national = parse(digits, defaultCountry);
  // No calling code starts with 0: a leading 0 is a trunk prefix, never a lost +.
  const international = digits.startsWith('0') ? undefined : parse(digits);
  if (!national?.isPossible()) return international?.isPossible() ? reading(international) : unread(digits);
  if (national.isValid() || !international?.isValid() || international.number === national.number) {
    return reading(national);
  }
  const shown = written.length > 40 ? `${written.slice(0, 40)}…` : written;
  return {
    ...reading(national),
    ambiguous: true,
    warning: `${shown} could be read as ${described(national)} or ${described(international)}: write it with + and its calling code to say which.`,
  };
}
