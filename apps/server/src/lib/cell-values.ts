import {
  COUNTRIES,
  foldCase,
  NORTH_CYPRUS,
  type PhoneReading,
  phoneDigits,
  readMoney,
  readPhone,
} from '@crm/domain';

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

/**
 * A phone cell as the forms store it (the digits with the calling code), read by the row's own
 * calling code when it has one, else as a number of the import's default country (readPhone: a
 * national reading first, "538 495 00 02" → 905384950002). An ambiguous reading says so.
 */
export function phoneCell(value: string, countryCode: string | undefined, country: string): PhoneReading {
  const code = countryCode ? callingCodeValue(countryCode) : '';
  return readPhone(value, /^\+\d{1,3}$/.test(code) ? code : country);
}

/**
 * Why a phone cell that holds no digits at all ("call me", "-") is refused. The form's own rule
 * would say the phone is required, which is wrong for a cell that has something in it.
 */
export function unreadablePhone(label: string, value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `${label} is invalid: "${shown}" holds no digits`;
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
 * A number as people type it: "1.250,50", "1,250.50", "£ 1250", "12,5 %", read by the domain's
 * readMoney as the forms read it ("250.000" is 250000). An unclear one ("1.234,5.6") is passed on as
 * written, for the form's rule to refuse with its message rather than store a guess.
 */
export function numberValue(value: string): string {
  const read = readMoney(value.replace(/[£$€%]|STG|TL/gi, ''));
  return read.ok && read.amount !== null ? String(read.amount) : value.trim();
}
