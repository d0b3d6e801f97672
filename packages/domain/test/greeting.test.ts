import { afterEach, describe, expect, it, vi } from 'vitest';
import { GREETING_EMOJIS, greeting, randomGreetingEmoji } from '../src/greeting.js';

describe('greeting', () => {
  it.each([
    [0, 'Good morning, Ayşe'],
    [11, 'Good morning, Ayşe'],
    [11.99, 'Good morning, Ayşe'],
    [12, 'Good afternoon, Ayşe'],
    [17, 'Good afternoon, Ayşe'],
    [18, 'Good evening, Ayşe'],
    [23, 'Good evening, Ayşe'],
  ])('at hour %d says %j', (hour, expected) => {
    expect(greeting(hour, 'Ayşe')).toBe(expected);
  });

  it.each([
    ['an empty name', ''],
    ['a blank name', '   '],
    ['an undefined name', undefined],
    ['a null name', null],
  ])('greets Guest when given %s', (_label, name) => {
    expect(greeting(9, name)).toBe('Good morning, Guest');
    expect(greeting(15, name)).toBe('Good afternoon, Guest');
    expect(greeting(20, name)).toBe('Good evening, Guest');
  });

  it('trims the name', () => {
    expect(greeting(9, '  Ayşe Yılmaz ')).toBe('Good morning, Ayşe Yılmaz');
  });
});

describe('randomGreetingEmoji', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers ten emojis', () => {
    expect(GREETING_EMOJIS).toEqual(['👋', '😊', '🌟', '🚀', '☕', '🌞', '🎉', '💼', '🙌', '✨']);
  });

  it('picks the first emoji when the random function gives 0', () => {
    expect(randomGreetingEmoji(() => 0)).toBe('👋');
  });

  it('picks the last emoji when the random function gives just under 1', () => {
    expect(randomGreetingEmoji(() => 0.999999)).toBe('✨');
  });

  it.each(GREETING_EMOJIS.map((emoji, index) => [index, emoji] as const))(
    'picks emoji number %d (%s) for a random value in its tenth',
    (index, emoji) => {
      expect(randomGreetingEmoji(() => (index + 0.5) / GREETING_EMOJIS.length)).toBe(emoji);
    },
  );

  it('falls back to the first emoji when the random function goes out of range', () => {
    expect(randomGreetingEmoji(() => 1)).toBe('👋');
    expect(randomGreetingEmoji(() => -0.1)).toBe('👋');
  });

  it('uses Math.random when no random function is given', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.35);
    expect(randomGreetingEmoji()).toBe('🚀');
    expect(random).toHaveBeenCalledTimes(1);
  });
});
