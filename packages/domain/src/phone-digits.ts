// Apart from phone.ts (its schema field and the phone library), so that screens that only compare
// digits load neither.

export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}
