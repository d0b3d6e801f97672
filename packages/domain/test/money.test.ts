import { describe, expect, it } from 'vitest';
import { contactFieldsSchema } from '../src/contacts.js';
import { moneyMessages, readMoney } from '../src/money.js';

describe('readMoney', () => {
  it.each([
    ['250000', 250000],
    ['250.000', 250000],
    ['250,000', 250000],
    ['1.250.000', 1250000],
    ['1,250,000', 1250000],
    ['250.000,50', 250000.5],
    ['250,000.50', 250000.5],
    ['1.234.567,89', 1234567.89],
    ['1,234,567.89', 1234567.89],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['12,50', 12.5],
    ['0,99', 0.99],
    ['.5', 0.5],
    ['£ 250.000', 250000],
    ['250 000', 250000],
    ['250\u202f000', 250000],
    ['250.000 STG', 250000],
    ['-5', -5],
  ])('reads %s as %d', (text, amount) => {
    expect(readMoney(text)).toEqual({ ok: true, amount });
  });

  it('reads nothing typed as no amount', () => {
    expect(readMoney('')).toEqual({ ok: true, amount: null });
    expect(readMoney('  £ ')).toEqual({ ok: true, amount: null });
  });

  it.each([
    '1.234,5.6',
    '12.34.5',
    '1,23,456',
    '1.2345',
    '0.500',
    '1000.000',
    '12.',
    '250.000.50,1',
    '1,000,00',
    '250,000,50.5',
  ])('refuses the unclear %s instead of guessing', (text) => {
    expect(readMoney(text, 'Budget')).toEqual({ ok: false, message: moneyMessages.ambiguous('Budget') });
  });

  it.each(['abc', '12a', '$250', '250 TL', '.', ',,'])('refuses %s, which is no number', (text) => {
    const read = readMoney(text, 'Budget');
    expect(read.ok).toBe(false);
  });

  it('says what a clear amount looks like', () => {
    expect(moneyMessages.ambiguous('Budget')).toBe(
      'Budget is not a clear amount: write 250.000 or 250,000 for thousands, 250.000,50 or 250,000.50 with pence',
    );
    expect(readMoney('abc', 'Budget')).toEqual({ ok: false, message: 'Budget must be a number' });
  });
});

describe('the contact schema reads a typed budget with readMoney', () => {
  const base = { name: 'Ayşe', surname: 'Demir', phone: '905321234567' };
  const budgetOf = (budget: unknown) => {
    const parsed = contactFieldsSchema.safeParse({ ...base, budget });
    return parsed.success ? parsed.data.budget : parsed.error.issues.map((issue) => issue.message);
  };

  it('stores "250.000" as 250000 and keeps pence', () => {
    expect(budgetOf('250.000')).toBe(250000);
    expect(budgetOf('250.000,50')).toBe(250000.5);
    expect(budgetOf(250000)).toBe(250000);
    expect(budgetOf('')).toBe(0);
  });

  it('refuses an ambiguous amount with its message, and a negative one with the specification’s', () => {
    expect(budgetOf('1.234,5.6')).toEqual([moneyMessages.ambiguous('Budget')]);
    expect(budgetOf('-1')).toEqual(['Budget must be at least 0']);
  });
});
