import { describe, expect, it } from 'vitest';
import { foldCase, searchFold } from '../src/text.js';
import { requiredText } from '../src/text-field.js';

describe('requiredText', () => {
  const field = requiredText('Required!');
  const messageFor = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;

  it('returns the trimmed text', () => {
    expect(field.safeParse('  Ayşe \n').data).toBe('Ayşe');
  });

  it('uses the given message for a missing, non-text, empty or blank value', () => {
    expect(messageFor(undefined)).toBe('Required!');
    expect(messageFor(7)).toBe('Required!');
    expect(messageFor('')).toBe('Required!');
    expect(messageFor(' \t\n ')).toBe('Required!');
  });

  it('allows 200 characters by default and refuses 201', () => {
    expect(field.safeParse('x'.repeat(200)).success).toBe(true);
    expect(field.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('measures the maximum after trimming', () => {
    expect(field.safeParse(`  ${'x'.repeat(200)}  `).success).toBe(true);
  });

  it('honours a custom maximum', () => {
    const short = requiredText('Required!', 3);
    expect(short.safeParse('abc').success).toBe(true);
    expect(short.safeParse('abcd').success).toBe(false);
  });
});

describe('searchFold', () => {
  it('reads Turkish letters of either case as their plain twins', () => {
    for (const typed of [
      'Şükrü Dağdelen',
      'ŞÜKRÜ DAĞDELEN',
      'şükrü dağdelen',
      'Sukru Dagdelen',
      'SUKRU DAGDELEN',
    ])
      expect(searchFold(typed), typed).toBe('sukru dagdelen');
    expect(searchFold('Çiğdem Öztürk')).toBe('cigdem ozturk');
    expect(searchFold('IŞIK İpek Kâzım Îmân Ûmit')).toBe('isik ipek kazim iman umit');
  });

  it('keeps other accents, and leaves what foldCase already folded', () => {
    expect(searchFold('René Müller')).toBe('rené muller');
    expect(searchFold(foldCase('ŞÜKRÜ'))).toBe(searchFold('ŞÜKRÜ'));
  });

  it('leaves the sort key its Turkish letters', () => {
    expect(foldCase('Şükrü Çelik')).toBe('şükrü çelik');
  });
});
