import { richTextToPlain, sanitizeRichText } from '../../apps/server/src/lib/sanitize.js';
import type { Rng } from '../lib/prng.js';
import { CITIES, NORTH_CYPRUS } from './places.js';

/**
 * Short notes as the sales team writes them in the rich-text editor, passed through the server's
 * own sanitiser so that the stored HTML is exactly what the API would have stored.
 */

const UNITS = ['studio', '1+1', '2+1', '2+1', '3+1', '4+1'];
const PROJECTS = [
  'Aphrodite Residences',
  'Blue Coast Towers',
  'Four Seasons Life',
  'Olive Grove Villas',
  'Karpaz Bay Suites',
  'Sunset Hills',
  'Harbour View Apartments',
  'Esentepe Golf Homes',
  'Long Beach Park',
  'Bellapais Gardens',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const money = (n: number) => n.toLocaleString('en-GB');

const TEMPLATES: readonly ((rng: Rng, city: string) => string)[] = [
  (rng, city) =>
    `<p>Called the client; interested in a ${rng.pick(UNITS)} apartment in ${city}. Budget around £${money(rng.int(8, 60) * 5000)}.</p>`,
  (rng) => `<p>Sent the price list and floor plans for <strong>${rng.pick(PROJECTS)}</strong> by e-mail.</p>`,
  (rng, city) =>
    `<p>Viewing booked for ${rng.pick(DAYS)} at ${rng.int(9, 17)}:00, meeting at the ${city} office.</p>`,
  () => '<p>No answer, left a WhatsApp message. Try again next week.</p>',
  (rng) =>
    `<p>Asked about payment plans:</p><ul><li>${rng.pick([25, 30, 35, 40])}% deposit</li><li>${rng.pick([12, 24, 36, 48])} months interest-free instalments</li></ul>`,
  (rng) =>
    `<p>Prefers a sea view, ${rng.pick(['ground floor with a garden', 'a top floor', 'a penthouse', 'a detached villa'])}. Visiting the island in ${rng.pick(MONTHS)}.</p>`,
  (rng) =>
    `<p>Reservation fee of £${money(rng.pick([2000, 3000, 5000]))} received for unit ${rng.pick(['A', 'B', 'C', 'D'])}${rng.int(1, 6)}0${rng.int(1, 9)}.</p>`,
  () => '<p>Passport copy received; the lawyer has been asked for a title deed search.</p>',
  (rng) => `<p>Not interested at the moment, <em>follow up in ${rng.int(2, 6)} months</em>.</p>`,
  (rng, city) =>
    `<p>Müşteri ${city} bölgesinde ${rng.pick(UNITS)} daire arıyor, bütçesi £${money(rng.int(10, 40) * 5000)}. Haftaya tekrar aranacak.</p>`,
  (_rng, city) =>
    `<p>Wants to buy to let near the universities in ${city}; asked for rental yield figures.</p>`,
  (rng) => `<p>Video call with the client &amp; spouse, showed ${rng.pick(PROJECTS)} show flat.</p>`,
  () => '<p>Requested the <strong>contract draft</strong> in English and Turkish.</p>',
  (rng) => `<p>Second viewing done. Offer expected by ${rng.pick(DAYS)}.</p>`,
];

/** One note's sanitised HTML. */
export function noteHtml(rng: Rng): string {
  const city = rng.pick(CITIES[NORTH_CYPRUS]!);
  return sanitizeRichText(rng.pick(TEMPLATES)(rng, city));
}

/** The text a history entry records for a note (agencies record "note added" with its text). */
export function notePlainText(html: string): string {
  return richTextToPlain(html).trim().slice(0, 200);
}
