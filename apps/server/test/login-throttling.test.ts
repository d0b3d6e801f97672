import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { createTestApp, errorOf, signIn, type TestApp } from './helpers/test-app.js';

const TOO_MANY = 'Too many failed login attempts. Please try again in 15 minutes.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_EMAIL: '8',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS: '3',
  });
});
afterAll(async () => t.close());

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('login attempts are counted before the password is checked', () => {
  it('lets no more than the limit of 20 simultaneous guesses be checked, the right one among them', async () => {
    const user = await signIn(t);
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 12 ? user.password : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((password) => login(user.email, password)));
    const checked = answers.filter((res) => res.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(3);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(errorOf(res)).toBe(TOO_MANY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('gives no 200 once the limit is reached, even to the right password sent with 19 wrong ones', async () => {
    const user = await signIn(t);
    for (let i = 0; i < 3; i++) expect((await login(user.email, `bad-${i}`)).statusCode).toBe(401);
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 7 ? user.password : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((password) => login(user.email, password)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(429));
    const retryAfter = Number(answers[0]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('does not lock the owner out when strangers elsewhere guess their password', async () => {
    const user = await signIn(t);
    for (const stranger of ['10.6.6.1', '10.6.6.2']) {
      for (let i = 0; i < 3; i++) expect((await login(user.email, 'guess', stranger)).statusCode).toBe(401);
      expect((await login(user.email, 'guess', stranger)).statusCode).toBe(429);
    }
    expect((await login(user.email, user.password, '192.168.1.20')).statusCode).toBe(200);
  });

  it('locks the e-mail for everyone once strangers from many addresses pass its own limit', async () => {
    const user = await signIn(t);
    for (let i = 0; i < 8; i++)
      expect((await login(user.email, 'guess', `10.7.0.${i}`)).statusCode).toBe(401);
    const owner = await login(user.email, user.password, '192.168.1.21');
    expect(owner.statusCode).toBe(429);
    expect(owner.headers['retry-after']).toBeDefined();
  });

  it('throttles wrong current passwords on change-password the same way', async () => {
    const user = await signIn(t);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/change-password',
        headers: user.headers,
        payload: { currentPassword, newPassword: 'n3w-secret' },
        remoteAddress: '10.0.0.9',
      });
    for (let i = 0; i < 3; i++) {
      const res = await change('not-it');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('Current password is incorrect');
    }
    const blocked = await change(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toBe(TOO_MANY);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('TRUST_PROXY', () => {
  it('takes true, false, a hop count or a list of addresses and CIDR ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(parseTrustProxy('10.0.0.0/33')).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the client address from X-Forwarded-For only when it came through a trusted proxy', async () => {
    const proxied = await createTestApp({
      TRUST_PROXY: '10.0.0.1',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '2',
      LOGIN_MAX_FAILURES_PER_EMAIL: '1000',
      LOGIN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS: '1000',
    });
    try {
      const attempt = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `x${Math.random()}@example.com`, password: 'nope-nope' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        });
      // From an untrusted peer, forged headers do not spread the attempts over many addresses.
      expect((await attempt('10.9.9.9', '1.1.1.1')).statusCode).toBe(401);
      expect((await attempt('10.9.9.9', '1.1.1.2')).statusCode).toBe(401);
      expect((await attempt('10.9.9.9', '1.1.1.3')).statusCode).toBe(429);
      // Through the trusted proxy each forwarded client counts on its own.
      expect((await attempt('10.0.0.1', '2.2.2.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.1', '2.2.2.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.1', '2.2.2.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
