import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, phoneCountry } from '../src/phone-countries.js';
import { readPhone } from '../src/phone-reading.js';

/** The mobile prefixes a Turkish office writes without their 0 (issue 23): each must read as +90. */
const TURKISH_MOBILE_PREFIXES = [
  501,
  503,
  507,
  ...Array.from({ length: 10 }, (_, i) => 510 + i),
  ...Array.from({ length: 10 }, (_, i) => 530 + i),
  ...Array.from({ length: 10 }, (_, i) => 550 + i),
];
/** Rests chosen so that many of the numbers are also valid abroad once a + is put in front. */
const RESTS = ['4950103', '4950002', '1234567', '0000000', '9999999'];

const spaced = (digits: string) =>
  `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`;

describe('readPhone: Turkish mobiles as offices write them', () => {
  const cases = TURKISH_MOBILE_PREFIXES.flatMap((prefix) => RESTS.map((rest) => `${prefix}${rest}`));

  it('covers every prefix the issue names', () => {
    expect(new Set(cases.map((c) => c.slice(0, 3))).size).toBe(33);
  });

  it.each(cases)('reads %s (no leading 0, as a numeric cell keeps it) as +90', (national) => {
    const read = readPhone(national, 'TR');
    expect(read).toEqual({
      digits: `90${national}`,
      callingCode: '+90',
      formatted: read.formatted,
      ambiguous: false,
    });
    expect(read.formatted.replace(/\D/g, '')).toBe(`90${national}`);
    expect(read.formatted).toMatch(/^\+90 5\d\d /);
  });

  it.each(cases)('reads %s spaced, with its trunk 0, and as a number alike', (national) => {
    const expected = `90${national}`;
    expect(readPhone(spaced(national), 'TR').digits).toBe(expected);
    expect(readPhone(`0${national}`, 'TR').digits).toBe(expected);
    expect(readPhone(`0${spaced(national)}`, 'TR').digits).toBe(expected);
    expect(readPhone(Number(national), 'TR').digits).toBe(expected);
    expect(readPhone(`+90 ${spaced(national)}`, 'TR').digits).toBe(expected);
  });

  it('reads the examples of the issue', () => {
    expect(readPhone('538 495 00 02', 'TR').digits).toBe('905384950002');
    expect(readPhone('05384950002', 'TR').digits).toBe('905384950002');
    expect(readPhone(5304950103, 'TR').digits).toBe('905304950103');
    expect(readPhone('0532 123 45 67', 'TR').digits).toBe('905321234567');
  });
});

describe('readPhone: national first, international as written or when nothing national fits', () => {
  it('keeps a number written with + or 00 international, whatever the default country', () => {
    expect(readPhone('+44 7400 123456', 'TR')).toMatchObject({ digits: '447400123456', callingCode: '+44' });
    expect(readPhone('0044 7400 123456', 'TR')).toMatchObject({ digits: '447400123456', callingCode: '+44' });
    expect(readPhone('(+90) 538 495 00 02', 'GB').digits).toBe('905384950002');
    expect(readPhone('+44 (0)7400 123456', 'TR').digits).toBe('447400123456');
  });

  it('reads a number that already carries the default country’s calling code once, not twice', () => {
    expect(readPhone('905384950002', 'TR').digits).toBe('905384950002');
    expect(readPhone('90 538 495 00 02', 'TR').digits).toBe('905384950002');
  });

  it('reads landlines of the default country, North Cyprus included (+90 392)', () => {
    expect(readPhone('212 555 12 34', 'TR').digits).toBe('902125551234');
    expect(readPhone('(0392) 444 55 66', 'TR').digits).toBe('903924445566');
  });

  it('reads a number no national reading fits as international digits whose + was lost', () => {
    expect(readPhone('12025550123', 'TR')).toMatchObject({ digits: '12025550123', callingCode: '+1' });
    expect(readPhone('79161234567', 'TR')).toMatchObject({ digits: '79161234567', callingCode: '+7' });
  });

  it('reads for the default country given, by code in any case or by calling code', () => {
    expect(readPhone('7400 123456', 'GB').digits).toBe('447400123456');
    expect(readPhone('07400 123456', 'gb').digits).toBe('447400123456');
    expect(readPhone('447400123456', 'GB').digits).toBe('447400123456');
    expect(readPhone('(202) 555-0123', 'US').digits).toBe('12025550123');
    expect(readPhone('06 1234 5678', 'IT').digits).toBe('390612345678');
    expect(readPhone('5384950002', '+90').digits).toBe('905384950002');
    expect(readPhone('7400 123456', '+44').digits).toBe('447400123456');
  });

  it('gives the digits as written, for the forms’ length rule to judge, when nothing reads them', () => {
    expect(readPhone('555555555', 'TR')).toEqual({
      digits: '555555555',
      callingCode: null,
      formatted: '555555555',
      ambiguous: false,
    });
    expect(readPhone('1234567890123456', 'TR').digits).toBe('1234567890123456');
    expect(readPhone('123', 'TR').digits).toBe('123');
    expect(readPhone('  ', 'TR').digits).toBe('');
    expect(readPhone('ext.', 'TR').digits).toBe('');
  });
});

describe('readPhone: ambiguous numbers', () => {
  it('flags a number possible but not valid at home that is a valid number abroad, giving both readings', () => {
    expect(readPhone('447400123456', 'TR')).toEqual({
      digits: '90447400123456',
      callingCode: '+90',
      formatted: '+90 447400123456',
      ambiguous: true,
      warning:
        '447400123456 could be read as +90 447400123456 (Turkey) or +44 7400 123456 (United Kingdom): write it with + and its calling code to say which.',
    });
    expect(readPhone('4915112345678', 'TR')).toMatchObject({ ambiguous: true, digits: '904915112345678' });
  });

  it('does not flag it once the writer says which: a +, 00, a trunk 0 or the right default country', () => {
    expect(readPhone('+447400123456', 'TR').ambiguous).toBe(false);
    expect(readPhone('00447400123456', 'TR').ambiguous).toBe(false);
    expect(readPhone('0447400123456', 'TR')).toMatchObject({ ambiguous: false, digits: '90447400123456' });
    expect(readPhone('447400123456', 'GB')).toMatchObject({ ambiguous: false, digits: '447400123456' });
  });

  it('does not flag a number valid at home, even when it would be valid abroad too', () => {
    // +53 0495 0103 is a valid Cuban number, +51 1 4950103 a Lima landline.
    expect(readPhone('5304950103', 'TR').ambiguous).toBe(false);
    expect(readPhone('5114950103', 'TR').ambiguous).toBe(false);
  });
});

describe('phone countries', () => {
  it('lists the countries numbers can be read for, by name', () => {
    expect(PHONE_COUNTRIES).toContainEqual(['TR', 'Turkey']);
    expect(PHONE_COUNTRIES).toContainEqual(['GB', 'United Kingdom']);
    expect(PHONE_COUNTRIES.some(([code]) => code === 'AQ')).toBe(false);
  });

  it('accepts a known two-letter code in any case, and nothing else', () => {
    expect(phoneCountry('tr')).toBe('TR');
    expect(phoneCountry(' GB ')).toBe('GB');
    expect(phoneCountry('XX')).toBeUndefined();
    expect(phoneCountry('Turkey')).toBeUndefined();
    expect(phoneCountry('')).toBeUndefined();
  });
});
