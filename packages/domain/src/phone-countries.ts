import { isSupportedCountry } from 'libphonenumber-js';
import { COUNTRIES } from './countries.js';

/*
 * Kept apart from readPhone (phone-reading.ts), which the phone field of every form bundles: in a
 * web chunk, libphonenumber's country functions reshuffled the app's shared chunks and added 4–6 KB
 * to /login and /leads. The server checks an import's country with these.
 */

/** Countries whose numbers can be read (those libphonenumber has metadata for), by English name. */
export const PHONE_COUNTRIES: readonly (readonly [code: string, name: string])[] = COUNTRIES.filter(
  ([code]) => isSupportedCountry(code),
);

const PHONE_COUNTRY_CODES = new Set(PHONE_COUNTRIES.map(([code]) => code));

/** A country whose numbers can be read, by its two-letter code in any case ("tr"); else undefined. */
export function phoneCountry(value: string): string | undefined {
  const code = value.trim().toUpperCase();
  return PHONE_COUNTRY_CODES.has(code) ? code : undefined;
}
