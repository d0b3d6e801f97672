import { describe, expect, it } from 'vitest';
import { contactMessages } from '../src/contact-enums.js';
import { contactFieldsSchema } from '../src/contacts.js';
import { isAfterToday, isIsoDate, readDate } from '../src/dates.js';

describe('readDate', () => {
  it.each([
    ['08.12.1992', '1992-12-08'],
    ['8.12.1992', '1992-12-08'],
    ['08/12/1992', '1992-12-08'],
    ['08-12-1992', '1992-12-08'],
    [' 1.2.2000 ', '2000-02-01'],
    ['29.02.2024', '2024-02-29'],
    ['1992-12-08', '1992-12-08'],
    ['1992-1-8', '1992-01-08'],
  ])('reads %s day first as %s', (text, iso) => {
    expect(readDate(text)).toBe(iso);
  });

  it.each([
    '31.02.1992',
    '29.02.2023',
    '32.01.1992',
    '12.13.1992',
    '00.12.1992',
    '08.12.92',
    '1992',
    '08121992',
    'yesterday',
    '1992-02-30',
    '12/31/1992',
    '',
  ])('refuses %s', (text) => {
    expect(readDate(text)).toBeNull();
  });

  it('knows real ISO dates', () => {
    expect(isIsoDate('1992-12-08')).toBe(true);
    expect(isIsoDate('1992-13-08')).toBe(false);
  });

  it('counts a day as future only once it is tomorrow everywhere', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(isAfterToday('2026-11-28', now)).toBe(false);
    expect(isAfterToday('2026-11-29', now)).toBe(true);
    expect(isAfterToday('1992-12-08', now)).toBe(false);
  });
});

describe('the contact schema reads a typed birthday with readDate', () => {
  const base = { name: 'Ayşe', surname: 'Demir', phone: '905321234567' };
  const birthdayOf = (birthday: unknown) => {
    const parsed = contactFieldsSchema.safeParse({ ...base, birthday });
    return parsed.success ? parsed.data.birthday : parsed.error.issues.map((issue) => issue.message);
  };

  it('stores "08.12.1992" as 8 December 1992', () => {
    expect(birthdayOf('08.12.1992')).toBe('1992-12-08');
    expect(birthdayOf('1992-12-08')).toBe('1992-12-08');
    expect(birthdayOf('')).toBeNull();
    expect(birthdayOf(null)).toBeNull();
  });

  it('refuses an unreadable or impossible date, and one in the future', () => {
    expect(birthdayOf('31.02.1992')).toEqual([contactMessages.birthdayInvalid]);
    expect(birthdayOf('next week')).toEqual([contactMessages.birthdayInvalid]);
    expect(birthdayOf('01.01.2999')).toEqual([contactMessages.birthdayFuture]);
  });
});
