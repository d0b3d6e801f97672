import { COUNTRIES, foldCase, NORTH_CYPRUS, phoneDigits } from '@crm/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Spreadsheet values as the forms would have them. A value that cannot be read is passed on as
 * given, so the form's own rule refuses it with the form's own message.
 */

/** Letters only, accents and case folded: "Türkiye", "TURKIYE" and "türkiye" read alike. */
export function looseKey(value: string): string {
  return foldCase(value.trim())
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, '');
}

const COUNTRY_ALIASES: Record<string, string> = {
  trnc: NORTH_CYPRUS,
  kktc: NORTH_CYPRUS,
  northerncyprus: NORTH_CYPRUS,
  turkishrepublicofnortherncyprus: NORTH_CYPRUS,
  turkiye: 'Turkey',
  tur: 'Turkey',
  uk: 'United Kingdom',
  gbr: 'United Kingdom',
  greatbritain: 'United Kingdom',
  england: 'United Kingdom',
  usa: 'United States',
  unitedstatesofamerica: 'United States',
  deu: 'Germany',
  rus: 'Russia',
};

const COUNTRY_BY_KEY = new Map<string, string>();
for (const [code, name] of COUNTRIES) {
  COUNTRY_BY_KEY.set(looseKey(name), name);
  COUNTRY_BY_KEY.set(looseKey(code), name);
}
COUNTRY_BY_KEY.set(looseKey(NORTH_CYPRUS), NORTH_CYPRUS);
for (const [alias, name] of Object.entries(COUNTRY_ALIASES)) COUNTRY_BY_KEY.set(alias, name);

/** A country by its English name, its two-letter code or a common other name; else as given. */
export function countryName(value: string): string {
  return COUNTRY_BY_KEY.get(looseKey(value)) ?? value.trim();
}

/** The country whose numbers are read without a calling code (the forms' default, Turkey). */
const DEFAULT_PHONE_COUNTRY = 'TR';

/**
 * A phone number as the forms store it: the digits with the calling code. "+90 532…", "0090 532…"
 * and "90532…" keep their code; "0532 123 45 67" or "532 123 45 67" are read as numbers of the
 * row's country code (else Turkey's).
 */
export function phoneValue(value: string, countryCode?: string | null): string {
  const raw = value.trim();
  if (raw === '') return '';
  const digits = phoneDigits(raw);
  if (raw.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  const code = countryCode ? phoneDigits(countryCode) : '';
  try {
    if (code && !digits.startsWith(code)) {
      const parsed = parsePhoneNumberFromString(`+${code}${digits.replace(/^0+/, '')}`);
      if (parsed?.isPossible()) return phoneDigits(parsed.number);
    }
    const national = parsePhoneNumberFromString(digits, DEFAULT_PHONE_COUNTRY);
    if (
      national?.isPossible() &&
      (digits.startsWith('0') || !parsePhoneNumberFromString(`+${digits}`)?.isPossible())
    ) {
      return phoneDigits(national.number);
    }
  } catch {
    // Not a number libphonenumber can read: the digits go to the form's rule as they are.
  }
  return digits;
}

/** "+90", "90" or "0090" as the forms store a calling code. */
export function callingCodeValue(value: string): string {
  const digits = phoneDigits(value).replace(/^00/, '');
  return digits ? `+${digits}` : value.trim();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return;
  return date.toISOString().slice(0, 10);
}

/**
 * A date in the common formats as YYYY-MM-DD: 1990-03-14, 14.03.1990, 14/03/1990 (day first, as
 * in Europe; month first when the day cannot be a month, 03/14/1990), 14 Mar 1990, an Excel date
 * serial number, or a date-time. Anything else is passed on for the form's rule to refuse.
 */
export function dateValue(value: string): string {
  const raw = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(raw);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? raw;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(raw);
  if (m) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return (a > 12 || b <= 12 ? isoDate(year, b, a) : isoDate(year, a, b)) ?? raw;
  }
  m = /^(\d{1,2})[ -]([A-Za-z]{3})[A-Za-z]*[ -,]+(\d{4})$/.exec(raw);
  if (m) {
    const month = MONTHS.indexOf((m[2] as string).toLowerCase()) + 1;
    if (month > 0) return isoDate(Number(m[3]), month, Number(m[1])) ?? raw;
  }
  m = /^\d{4,5}$/.exec(raw);
  if (m) {
    // Excel counts days from 1899-12-30.
    const date = new Date(Date.UTC(1899, 11, 30) + Number(raw) * 86_400_000);
    const year = date.getUTCFullYear();
    if (year >= 1900 && year <= 2100) return date.toISOString().slice(0, 10);
  }
  return raw;
}

/** An enumeration by its value or any of its labels, in any case; else as given. */
export function enumValue(value: string, labels: Record<string, readonly string[]>): string {
  const key = looseKey(value);
  for (const [stored, names] of Object.entries(labels)) {
    if (looseKey(stored) === key || names.some((name) => looseKey(name) === key)) return stored;
  }
  return value.trim();
}

/**
 * A number as people type it: "1.250,50", "1,250.50", "£ 1250", "12,5 %". The last of , and . is
 * the decimal mark when it has one or two digits after it, else a thousands separator.
 */
export function numberValue(value: string): string {
  const raw = value.replace(/[£$€%\s]|STG|TL/gi, '');
  if (!/^-?[\d.,]+$/.test(raw)) return value.trim();
  const lastMark = Math.max(raw.lastIndexOf('.'), raw.lastIndexOf(','));
  if (lastMark === -1) return raw;
  const decimals = raw.length - lastMark - 1;
  if (decimals === 3 && raw.indexOf(raw[lastMark] as string) === lastMark) {
    return raw.replace(/[.,]/g, '');
  }
  const whole = raw.slice(0, lastMark).replace(/[.,]/g, '');
  return `${whole}.${raw.slice(lastMark + 1)}`;
}
