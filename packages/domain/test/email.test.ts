import { describe, expect, it } from 'vitest';
import { emailField, isEmailShaped } from '../src/email.js';

const field = emailField({ required: 'R', format: 'F', tld: 'T' });
const messageFor = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;

describe('emailField', () => {
  it('returns the trimmed address', () => {
    expect(field.safeParse('  ayse@example.com\t').data).toBe('ayse@example.com');
  });

  it('uses the given required message for a missing, non-text, empty or blank value', () => {
    expect(messageFor(undefined)).toBe('R');
    expect(messageFor(42)).toBe('R');
    expect(messageFor('')).toBe('R');
    expect(messageFor('   ')).toBe('R');
  });

  it('uses the given format message for an address without a local part and a domain', () => {
    expect(messageFor('ayse')).toBe('F');
    expect(messageFor('ayse@')).toBe('F');
    expect(messageFor('@example.com')).toBe('F');
  });

  it('uses the given top-level-domain message when the domain does not end in 2+ letters', () => {
    expect(messageFor('ayse@example')).toBe('T');
    expect(messageFor('ayse@example.c')).toBe('T');
    expect(messageFor('ayse@example.123')).toBe('T');
  });

  it('reports exactly one issue per bad value', () => {
    expect(field.safeParse('').error?.issues).toHaveLength(1);
    expect(field.safeParse('ayse').error?.issues).toHaveLength(1);
    expect(field.safeParse('ayse@example').error?.issues).toHaveLength(1);
  });

  it('accepts a two-letter top-level domain', () => {
    expect(field.safeParse('ayse@example.tr').success).toBe(true);
  });
});

describe('isEmailShaped', () => {
  it.each(['ayse@example.com', 'a.b+c@mail.example.com.tr', 'ayse@localhost'])('is true for %j', (value) => {
    expect(isEmailShaped(value)).toBe(true);
  });

  it.each([
    '',
    'ayse',
    'ayse@',
    '@example.com',
    'ay se@example.com',
    'a@b@c.com',
    'ayse@example..com',
    'ayse@.com',
  ])('is false for %j', (value) => {
    expect(isEmailShaped(value)).toBe(false);
  });
});
