import { describe, expect, it } from 'vitest';
import { compareTurkish, turkishSortKey } from '../src/turkish-order.js';

const CITIES = [
  'İzmir',
  'Istanbul',
  'Çanakkale',
  'Cyprus',
  'Çorum',
  'Denizli',
  'Ağrı',
  'Adana',
  'Iğdır',
  'Iğdır',
  'Şanlıurfa',
  'Sakarya',
  'Ordu',
  'Ödemiş',
  'Uşak',
  'Ünye',
  'Zonguldak',
  'Gaziantep',
  'Göcek',
  'Güzelyurt',
  'Hatay',
  'Kâhta',
  'Kars',
  'Kayseri',
  'Ankara 2',
  'Ankara',
  'Ankara 10',
  'Ankara-Batı',
  'Wales',
  'Vize',
  'Yalova',
  'Xanthi',
  'Quebec',
  'Paris',
];

const byBytes = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return Buffer.compare(x, y);
};

describe('Turkish order', () => {
  it('puts Ç after C, Ğ after G, I before İ, Ö after O, Ş after S, Ü after U', () => {
    const sorted = [...CITIES].sort(compareTurkish);
    const at = (name: string) => sorted.indexOf(name);
    expect(at('Çanakkale')).toBeGreaterThan(at('Cyprus'));
    expect(at('Çorum')).toBeLessThan(at('Denizli'));
    expect(at('Istanbul')).toBeLessThan(at('İzmir'));
    expect(at('Ödemiş')).toBeGreaterThan(at('Ordu'));
    expect(at('Şanlıurfa')).toBeGreaterThan(at('Sakarya'));
    expect(at('Ünye')).toBeGreaterThan(at('Uşak'));
  });

  it('sort keys compared byte by byte give the collator’s order', () => {
    const byKey = [...CITIES].sort((a, b) => byBytes(turkishSortKey(a), turkishSortKey(b)));
    expect(byKey).toEqual([...CITIES].sort(compareTurkish));
  });

  it('gives names that differ in case or accent alone the same key', () => {
    expect(turkishSortKey('İZMİR')).toBe(turkishSortKey('izmir'));
    expect(turkishSortKey('IĞDIR')).toBe(turkishSortKey('ığdır'));
    expect(turkishSortKey('Kâhta')).toBe(turkishSortKey('Kahta'));
    expect(turkishSortKey('Çanakkale')).toBe(turkishSortKey('C\u0327anakkale'));
    expect(turkishSortKey('Çanakkale')).not.toBe(turkishSortKey('Canakkale'));
  });
});
