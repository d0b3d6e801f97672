/**
 * Calendar dates as people type them. The forms take dates day first, as Turkish and British
 * offices write them: "08.12.1992" is 8 December 1992, never 12 August. The stored and sent form is
 * ISO 8601 ("1992-12-08"), which is read too. A date that is not a real one (31.02.1992) or whose
 * reading would be a guess (a two-digit year, "1992" alone) is refused: null.
 */

/** "1992-12-08", a real calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad = (value: string) => value.padStart(2, '0');

/**
 * The ISO date of a typed one: "08.12.1992", "8.12.1992", "08/12/1992", "08-12-1992" and
 * "1992-12-08" are all "1992-12-08". Null when the text is not a real date written that way.
 */
export function readDate(text: string): string | null {
  const written = text.trim();
  const dayFirst = DAY_FIRST.exec(written);
  const iso = dayFirst ? null : ISO.exec(written);
  const parts = dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year = '', month = '', day = ''] = parts;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(date) ? date : null;
}

/** Today's calendar date in UTC, "2026-11-27". */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a date lies after today wherever the person typing it may be: UTC runs up to 14 hours
 * behind the furthest time zone, so the day after UTC's today is still today somewhere.
 */
export function isAfterToday(isoDate: string, now: Date = new Date()): boolean {
  return isoDate > todayIso(new Date(now.getTime() + 14 * 3_600_000));
}
