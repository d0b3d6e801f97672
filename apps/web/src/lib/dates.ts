/** Dates are written by the formatting module; these names stay for the screens that import them here. */
export { formatDate, formatDateTime } from './format';

/** The hour (0–23) in the browser's time zone, as the greeting uses it. */
export function currentHour(now: Date = new Date()): number {
  return now.getHours();
}
