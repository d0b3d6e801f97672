import { describe, expect, it } from 'vitest';
import {
  dialString,
  formatPhoneDigits,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  phoneDigits,
  phoneField,
} from '../src/phone.js';

const field = phoneField({ required: 'R', length: 'L' });
const messageFor = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;

describe('phone constants (specification §9)', () => {
  it('allows 6 to 15 digits', () => {
    expect(PHONE_MIN_DIGITS).toBe(6);
    expect(PHONE_MAX_DIGITS).toBe(15);
  });
});

describe('phoneDigits', () => {
  it('keeps only the digits of a formatted number', () => {
    expect(phoneDigits('+90 (532) 123-45-67')).toBe('905321234567');
  });

  it('gives an empty string when there are no digits', () => {
    expect(phoneDigits('+() -')).toBe('');
    expect(phoneDigits('')).toBe('');
  });
});

describe('phoneField', () => {
  it('returns the digits only', () => {
    expect(field.safeParse('+90 (532) 123-45-67').data).toBe('905321234567');
  });

  it('accepts a number and returns its digits as text', () => {
    expect(field.safeParse(5321234567).data).toBe('5321234567');
  });

  it('uses the given required message for a missing, non-text or digit-less value', () => {
    expect(messageFor(undefined)).toBe('R');
    expect(messageFor(null)).toBe('R');
    expect(messageFor(true)).toBe('R');
    expect(messageFor('')).toBe('R');
    expect(messageFor('ext. -')).toBe('R');
  });

  it.each([
    [5, 'L'],
    [6, undefined],
    [15, undefined],
    [16, 'L'],
  ])('with %d digits answers %j', (count, message) => {
    expect(messageFor('9'.repeat(count))).toBe(message);
  });
});

describe('formatPhoneDigits and dialString', () => {
  it('read stored digits with their calling code in international format, dialled with a plus', () => {
    expect(formatPhoneDigits('905321234567')).toBe('+90 532 123 45 67');
    expect(dialString('905321234567')).toBe('+905321234567');
  });

  it('keep digits that start with 0 as written: no calling code starts with 0', () => {
    expect(formatPhoneDigits('07041234567')).toBe('07041234567');
    expect(dialString('0704 123 45 67')).toBe('07041234567');
  });

  it('answer nothing for no digits', () => {
    expect(formatPhoneDigits('')).toBe('');
    expect(dialString('')).toBe('');
  });
});
