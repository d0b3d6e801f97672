// Apart from phone.ts (its schema field and the phone library), so that screens that only compare
// digits load neither.

export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Stored digits as a number is dialled: with a plus in front of the calling code they start with.
 * Digits that start with 0 (a national number stored without its country, as records written
 * through the API before the national reading may be) stay as written: no calling code starts
 * with 0, so "+0704…" would be a number nobody can call.
 */
export function dialString(digits: string): string {
  const plain = phoneDigits(digits);
  return plain === '' || plain.startsWith('0') ? plain : `+${plain}`;
}
