import dayjs from 'dayjs';

/** Date and time as the product displays them: "05 Mar 2025, 14:30" (002 §9). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD MMM YYYY, HH:mm') : '';
}

/** A calendar date: "05 Mar 2025". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD MMM YYYY') : '';
}

/** The hour (0–23) in the browser's time zone, as the greeting uses it. */
export function currentHour(now: Date = new Date()): number {
  return now.getHours();
}
