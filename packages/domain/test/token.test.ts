import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTokenValid, tokenExpiry } from '../src/token.js';

const NOW_MS = Date.UTC(2025, 0, 15, 10, 30, 0);
const NOW_S = NOW_MS / 1000;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT-like token: header.payload.signature, payload in base64url. */
function makeToken(payload: unknown): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.signature`;
}

/** A token whose payload segment is the given raw JSON text. */
function tokenWithRawPayload(json: string): string {
  return `${base64url('{"alg":"HS256"}')}.${base64url(json)}.signature`;
}

describe('tokenExpiry', () => {
  it('reads the exp claim in seconds', () => {
    expect(tokenExpiry(makeToken({ sub: 1, exp: 1_736_937_000 }))).toBe(1_736_937_000);
  });

  it('reads a fractional exp claim', () => {
    expect(tokenExpiry(makeToken({ exp: 1_736_937_000.5 }))).toBe(1_736_937_000.5);
  });

  it('reads a token with only a header and a payload', () => {
    const [header, payload] = makeToken({ exp: 42 }).split('.');
    expect(tokenExpiry(`${header}.${payload}`)).toBe(42);
  });

  it('decodes a UTF-8 payload whose base64url uses "-" (non-ASCII name and emoji)', () => {
    const token = makeToken({ exp: 2_000_000_000, name: 'Çağrı Öztürk ✓ 👋' });
    expect(token.split('.')[1]).toContain('-');
    expect(tokenExpiry(token)).toBe(2_000_000_000);
  });

  it('decodes an unpadded UTF-8 payload whose base64url uses "_"', () => {
    const token = makeToken({ exp: 2_000_000_000, name: 'şğü?>~' });
    const payload = token.split('.')[1] ?? '';
    expect(payload).toContain('_');
    expect(payload).not.toContain('=');
    expect(payload.length % 4).not.toBe(0);
    expect(tokenExpiry(token)).toBe(2_000_000_000);
  });

  it('gives undefined when the exp claim is missing', () => {
    expect(tokenExpiry(makeToken({ sub: 1 }))).toBeUndefined();
  });

  it.each([
    ['a numeric string', '2000000000'],
    ['null', null],
    ['a boolean', true],
    ['an object', { seconds: 2_000_000_000 }],
  ])('gives undefined when exp is %s', (_label, exp) => {
    expect(tokenExpiry(makeToken({ exp }))).toBeUndefined();
  });

  it('gives undefined when exp overflows to Infinity', () => {
    expect(tokenExpiry(tokenWithRawPayload('{"exp":1e400}'))).toBeUndefined();
  });

  it.each([
    ['the JSON null', 'null'],
    ['a JSON number', '2000000000'],
    ['a JSON array', '[2000000000]'],
    ['text that is not JSON', 'not json at all'],
  ])('gives undefined when the payload is %s', (_label, json) => {
    expect(tokenExpiry(tokenWithRawPayload(json))).toBeUndefined();
  });

  it.each([
    ['a word with no dots', 'garbage'],
    ['an empty payload segment', 'header..signature'],
    ['a lone dot', '.'],
    ['characters outside base64', 'header.%%%***.signature'],
    ['an impossible base64 length', 'header.a.signature'],
  ])('gives undefined for %s', (_label, token) => {
    expect(tokenExpiry(token)).toBeUndefined();
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('gives undefined for %s', (_label, token) => {
    expect(tokenExpiry(token)).toBeUndefined();
  });
});

describe('isTokenValid', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a token whose exp is in the future', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S + 60 }), NOW_MS)).toBe(true);
  });

  it('accepts a token one millisecond before its expiry', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S }), NOW_MS - 1)).toBe(true);
  });

  it('refuses a token whose exp is in the past', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S - 1 }), NOW_MS)).toBe(false);
  });

  it('refuses a token whose exp is exactly now (exp must be later than now)', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S }), NOW_MS)).toBe(false);
  });

  it('treats exp as seconds, not milliseconds', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S + 1 }), NOW_MS + 999)).toBe(true);
    expect(isTokenValid(makeToken({ exp: NOW_S + 1 }), NOW_MS + 1000)).toBe(false);
  });

  it('refuses a token without an exp claim', () => {
    expect(isTokenValid(makeToken({ sub: 1 }), NOW_MS)).toBe(false);
  });

  it('refuses a token whose exp is not a number', () => {
    expect(isTokenValid(makeToken({ exp: String(NOW_S + 3600) }), NOW_MS)).toBe(false);
  });

  it('refuses a token that cannot be decoded', () => {
    expect(isTokenValid('not-a-token', NOW_MS)).toBe(false);
    expect(isTokenValid('header.!!!.signature', NOW_MS)).toBe(false);
    expect(isTokenValid(tokenWithRawPayload('{exp: 2000000000'), NOW_MS)).toBe(false);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('refuses %s', (_label, token) => {
    expect(isTokenValid(token, NOW_MS)).toBe(false);
  });

  it('accepts a future token whose payload carries unicode text', () => {
    expect(isTokenValid(makeToken({ exp: NOW_S + 60, name: 'Çağrı Öztürk ✓ 👋' }), NOW_MS)).toBe(true);
  });

  it('compares with the current clock when no time is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW_MS);
    expect(isTokenValid(makeToken({ exp: NOW_S + 1 }))).toBe(true);
    expect(isTokenValid(makeToken({ exp: NOW_S }))).toBe(false);
    vi.setSystemTime(NOW_MS + 1000);
    expect(isTokenValid(makeToken({ exp: NOW_S + 1 }))).toBe(false);
  });
});
