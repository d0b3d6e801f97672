import { EDUCATION_LABELS, enumLabel, INCOME_BANDS } from '@crm/domain';
import dayjs from 'dayjs';
import { currentPhoneFormat, type PhoneFormat } from './phone-display';

/**
 * How every screen writes a value: one date style, one date-time style, money, counts, phones and
 * enumeration labels. Screens call these instead of formatting on their own, so that a date, an
 * amount or a number reads the same wherever it appears.
 */

export { type PhoneFormat, usePhoneFormat } from './phone-display';

/** What a screen shows for a value nobody gave. */
export const EMPTY_VALUE = '—';

/**
 * Dates are typed and shown day first, as Turkish and British offices write them: "08.12.1992" is
 * 8 December 1992. The date inputs use the same pattern (see components/date-input.tsx).
 */
export const DATE_FORMAT = 'DD.MM.YYYY';

/** Date and time as the specification fixes them (002 §9): "05 Mar 2025, 14:30". */
export const DATE_TIME_FORMAT = 'DD MMM YYYY, HH:mm';

/** A calendar date, "08.12.1992"; "" when there is none or it cannot be read. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A moment, "05 Mar 2025, 14:30", in the browser's time zone; "" when there is none. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

const COUNT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "13,613". */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "13,613 results", "1 result"; the plural is the singular with an s unless given. */
export function formatCountOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** An amount with thousands separators and its pence when it has some: "250,000", "250,000.50". */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? WHOLE_POUNDS.format(amount) : PENCE.format(amount);
}

/**
 * An amount in pounds (the specification's currency sign): "£250,000", or "£250,000.50" when it has
 * pence; "—" when there is no amount.
 */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return EMPTY_VALUE;
  const pounds = formatAmount(amount);
  return pounds.startsWith('-') ? `-£${pounds.slice(1)}` : `£${pounds}`;
}

const AREA = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** An area, "120.5 m²"; "—" when there is none. */
export function formatArea(m2: number | null | undefined): string {
  return m2 === null || m2 === undefined || !Number.isFinite(m2) ? EMPTY_VALUE : `${AREA.format(m2)} m²`;
}

/**
 * A contact's budget. The form starts it at 0 (001 §2.3) and the record stores 0 when nobody typed
 * one, so 0 means "not known" and reads "—" rather than "£0".
 */
export function formatBudget(budget: number | null | undefined): string {
  return formatMoney(budget ? budget : null);
}

/** Stored digits with their calling code, "905321234567", as "+90 532 123 45 67". */
export function formatPhone(
  digits: string | null | undefined,
  format: PhoneFormat = currentPhoneFormat(),
): string {
  return digits ? format(digits.replace(/\D/g, '')) : '';
}

/** An enumeration code as words: "CREDIT" reads "Credit", "SALES_REPRESENTATIVE" "Sales Representative". */
export function formatEnum(code: string): string {
  return enumLabel(code);
}

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key);
}

const ENUM_FIELDS = new Set([
  'type',
  'gender',
  'maritalStatus',
  'preferredPayment',
  'agencyType',
  'position',
  'productType',
  'status',
]);
const PHONE_FIELDS = new Set(['phone', 'officeNumber']);
const MONEY_FIELDS = new Set(['salePrice', 'termPrice', 'annualPrice']);

/**
 * A stored field's value as text for people (history entries, the merge screen, activity lines):
 * labels for codes, pounds for money, "—" for an unknown budget, phones in international format,
 * dates day first. Values of other fields are returned as they are.
 */
export function formatFieldValue(
  field: string,
  value: string,
  phone: PhoneFormat = currentPhoneFormat(),
): string {
  if (field === 'educationLevel') return isKeyOf(EDUCATION_LABELS, value) ? EDUCATION_LABELS[value] : value;
  if (field === 'incomeLevel') {
    return isKeyOf(INCOME_BANDS, value) ? `${enumLabel(value)} (${INCOME_BANDS[value]})` : value;
  }
  if (ENUM_FIELDS.has(field)) return /^[A-Z][A-Z_]*$/.test(value) ? enumLabel(value) : value;
  if (field === 'budget')
    return value === '' || Number.isNaN(Number(value)) ? value : formatBudget(Number(value));
  if (MONEY_FIELDS.has(field))
    return value === '' || Number.isNaN(Number(value)) ? value : formatMoney(Number(value));
  if (PHONE_FIELDS.has(field)) return /^\+?\d{6,15}$/.test(value) ? formatPhone(value, phone) : value;
  if (field === 'birthday' || field === 'validUntil') return formatDate(value.slice(0, 10)) || value;
  if (field === 'commissionRate') return `${value}%`;
  if (field === 'isActive') return value === 'true' ? 'Active' : value === 'false' ? 'Inactive' : value;
  return value;
}
