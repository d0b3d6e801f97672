import { authMessages } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting } from '../src/db/settings.js';
import { TokenSigner } from '../src/lib/token-signer.js';
import { createTestApp, errorOf, signIn, type TestApp, uniqueEmail } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(async () => t.close());

const login = (payload: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('POST /api/auth/login', () => {
  it('answers a token whose exp is in seconds and the user record without the password hash', async () => {
    const user = await signIn(t, { firstName: 'Ayşe', surname: 'Yılmaz' });
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: user.email, name: 'Ayşe Yılmaz', role: 'user', isActive: true });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
    const [header, payload] = body.token
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 13 * 3600);
  });

  it('accepts the e-mail in any case', async () => {
    const user = await signIn(t);
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers one generic message for a wrong password and for an unknown e-mail', async () => {
    const user = await signIn(t);
    const wrong = await login({ email: user.email, password: 'nope-nope' });
    const unknown = await login({ email: uniqueEmail('ghost'), password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toBe('Invalid email or password');
    expect(errorOf(unknown)).toBe('Invalid email or password');
  });

  it('refuses a missing or malformed e-mail and a missing password with field messages', async () => {
    const noEmail = await login({ password: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields.email).toBe('Email is required');
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.json().fields.email).toBe('Invalid email format');
    const noPassword = await login({ email: 'a@example.com' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.password).toBeDefined();
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Request body is not valid JSON');
  });

  it('throttles an e-mail after repeated failures with 429, even with the right password', async () => {
    const user = await signIn(t);
    for (let i = 0; i < 3; i++)
      expect((await login({ email: user.email, password: 'bad-password' })).statusCode).toBe(401);
    const blocked = await login({ email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toBe('Too many failed login attempts. Please try again in 15 minutes.');
  });

  it('refuses an inactive account after a correct password', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const user = await signIn(t);
    await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}/deactivate`, headers: admin.headers });
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe('Your account is inactive. Please contact an administrator.');
  });
});

describe('throttling per address', () => {
  it('answers 429 once one address has failed too often across e-mails', async () => {
    const strict = await createTestApp({
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      LOGIN_MAX_FAILURES_PER_EMAIL: '100',
    });
    try {
      const attempt = (email: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password' },
          remoteAddress: '10.1.2.3',
        });
      for (let i = 0; i < 4; i++) expect((await attempt(uniqueEmail('spray'))).statusCode).toBe(401);
      const blocked = await attempt(uniqueEmail('spray'));
      expect(blocked.statusCode).toBe(429);
      const otherAddress = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      expect(otherAddress.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('authenticated requests', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(authMessages.unauthenticated);
  });

  it('answers 401 for a malformed, forged or unsigned token', async () => {
    const user = await signIn(t);
    const [header, payload] = user.token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const forged = await new TokenSigner('x'.repeat(40)).sign(
      { sessionId: 'abc', userId: user.id },
      new Date(Date.now() + 60_000),
    );
    for (const token of ['garbage', `${header}.${payload}.AAAA`, unsigned, forged]) {
      const res = await me({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toBe('Session expired. Please log in again.');
    }
  });

  it('answers 401 for an expired token', async () => {
    const user = await signIn(t);
    const secret = (await getSetting(t.db, 'jwt_secret'))!;
    const sessionId = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sid;
    const expired = await new TokenSigner(secret).sign(
      { sessionId, userId: user.id },
      new Date(Date.now() - 1000),
    );
    const res = await me({ authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Session expired. Please log in again.');
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('a token verified once is remembered only until its expiry', async () => {
    const signer = new TokenSigner('s'.repeat(40));
    const expiresAt = new Date(Date.now() + 60_000);
    const token = await signer.sign({ sessionId: 'sid-1', userId: 7 }, expiresAt);
    const exp = Math.floor(expiresAt.getTime() / 1000);
    expect(await signer.verify(token)).toEqual({ sessionId: 'sid-1', userId: 7 });
    expect(await signer.verify(token, exp - 1)).toEqual({ sessionId: 'sid-1', userId: 7 });
    expect(await signer.verify(token, exp + 1)).toBeUndefined();
    expect(await new TokenSigner('t'.repeat(40)).verify(token)).toBeUndefined();
  });

  it('GET /api/auth/me answers the signed-in user', async () => {
    const user = await signIn(t, { firstName: 'Mehmet', surname: 'Demir' });
    const res = await me(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Mehmet Demir', email: user.email });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: the same token is refused afterwards', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(204);
    const after = await me(user.headers);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toBe('Session expired. Please log in again.');
  });

  it('leaves the user’s other sessions alone', async () => {
    const user = await signIn(t);
    const second = await login({ email: user.email, password: user.password });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect((await me({ authorization: `Bearer ${second.json().token}` })).statusCode).toBe(200);
  });
});
