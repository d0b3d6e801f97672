import { authMessages, twoFactorMessages as m } from '@crm/domain';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const TOO_MANY = 'Too many failed login attempts. Please try again in 15 minutes.';
const ADDRESS = '10.20.0.1';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_EMAIL: '8',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS: '3',
  });
  admin = await signIn(t, { role: 'admin' });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers, remoteAddress: ADDRESS });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const login = (user: { email: string; password: string }) =>
  post('/auth/login', { email: user.email, password: user.password });

/** The code an authenticator shows `steps` periods from now: each use of a secret needs a later one. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A user who has turned two-factor sign-in on from the profile (this step's code is used up). */
async function enrolled(role: 'admin' | 'user' = 'user') {
  const user = await signIn(t, { role });
  const setup = await post('/auth/two-factor/setup', {}, user.headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await post('/auth/two-factor/confirm', { code: await codeAt(secret) }, user.headers);
  expect(confirm.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeOf(user: { email: string; password: string }, expected = 'required') {
  const res = await login(user);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ secondFactor: string; challenge: string }>();
  expect(body.secondFactor).toBe(expected);
  return body.challenge;
}

describe('turning two-factor sign-in on from the profile', () => {
  it('answers a secret, its otpauth URI and a QR image, and turns on with a current code', async () => {
    const user = await signIn(t);
    expect((await get('/auth/two-factor', user.headers)).json()).toEqual({
      enabled: false,
      pending: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await post('/auth/two-factor/setup', {}, user.headers);
    const { secret, uri, qr } = setup.json<{ secret: string; uri: string; qr: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect((await get('/auth/two-factor', user.headers)).json()).toMatchObject({
      enabled: false,
      pending: true,
    });

    const wrong = await post('/auth/two-factor/confirm', { code: '000000' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(m.invalidCode);
    expect(fieldsOf(wrong)).toEqual({ code: m.invalidCode });

    const confirm = await post('/auth/two-factor/confirm', { code: await codeAt(secret) }, user.headers);
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect((await get('/auth/two-factor', user.headers)).json()).toEqual({
      enabled: true,
      pending: false,
      required: false,
      recoveryCodesLeft: 10,
    });

    // Kept only as digests.
    const stored = await t.db
      .selectFrom('recovery_codes')
      .select('digest')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { digest } of stored) {
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((code) => code.replace('-', ''))).not.toContain(digest);
    }

    const again = await post('/auth/two-factor/setup', {}, user.headers);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(m.alreadyEnabled);
  });

  it('refuses to confirm before setup has started', async () => {
    const user = await signIn(t);
    const res = await post('/auth/two-factor/confirm', { code: '123456' }, user.headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(m.notStarted);
  });

  it('names the code field when the code is missing or not six digits', async () => {
    const user = await signIn(t);
    const missing = await post('/auth/two-factor/confirm', {}, user.headers);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual({ code: m.codeRequired });
    const letters = await post('/auth/two-factor/confirm', { code: '12ab56' }, user.headers);
    expect(letters.statusCode).toBe(400);
    expect(fieldsOf(letters)).toEqual({ code: m.codeFormat });
  });
});

describe('signing in with a second factor', () => {
  it('leaves the login of a user without one exactly as it was: a token and the user', async () => {
    const user = await signIn(t);
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['token', 'user']);
  });

  it('answers a challenge instead of a session, and the session for a current code', async () => {
    const user = await enrolled();
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['challenge', 'secondFactor']);
    const { challenge } = res.json<{ challenge: string }>();

    const done = await post('/auth/login/second-factor', { challenge, code: await codeAt(user.secret, 1) });
    expect(done.statusCode).toBe(200);
    const { token, user: record } = done.json<{ token: string; user: { email: string } }>();
    expect(record.email).toBe(user.email);
    expect((await get('/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);

    const reused = await post('/auth/login/second-factor', { challenge, code: await codeAt(user.secret, 1) });
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused)).toBe(m.challengeExpired);
  });

  it('refuses a code that was already used, even with a fresh challenge', async () => {
    const user = await enrolled();
    const code = await codeAt(user.secret, 1);
    const first = await post('/auth/login/second-factor', { challenge: await challengeOf(user), code });
    expect(first.statusCode).toBe(200);
    const replay = await post('/auth/login/second-factor', { challenge: await challengeOf(user), code });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toBe(m.invalidCode);
  });

  it('accepts each recovery code once, typed in any case and without its dash', async () => {
    const user = await enrolled();
    const recoveryCode = user.recoveryCodes[3]!.replace('-', '').toLowerCase();
    const first = await post('/auth/login/second-factor', {
      challenge: await challengeOf(user),
      recoveryCode,
    });
    expect(first.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${first.json<{ token: string }>().token}` };
    expect((await get('/auth/two-factor', headers)).json()).toMatchObject({ recoveryCodesLeft: 9 });

    const again = await post('/auth/login/second-factor', {
      challenge: await challengeOf(user),
      recoveryCode,
    });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe(m.invalidRecoveryCode);
    const other = await post('/auth/login/second-factor', {
      challenge: await challengeOf(user),
      recoveryCode: user.recoveryCodes[4],
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an unknown challenge and names a malformed code', async () => {
    const unknown = await post('/auth/login/second-factor', { challenge: 'not-a-challenge', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown)).toBe(m.challengeExpired);
    const user = await enrolled();
    const challenge = await challengeOf(user);
    const short = await post('/auth/login/second-factor', { challenge, code: '12345' });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short)).toEqual({ code: m.codeFormat });
    const empty = await post('/auth/login/second-factor', { challenge, recoveryCode: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual({ recoveryCode: m.recoveryCodeRequired });
  });
});

describe('wrong codes are throttled like wrong passwords', () => {
  it('locks the sign-in after the limit of wrong codes, with the password lockout’s message', async () => {
    const user = await enrolled();
    const challenge = await challengeOf(user);
    for (let i = 0; i < 3; i++) {
      const res = await post('/auth/login/second-factor', { challenge, code: '000000' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toBe(m.invalidCode);
    }
    const locked = await post('/auth/login/second-factor', { challenge, code: await codeAt(user.secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toBe(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const password = await login(user);
    expect(password.statusCode).toBe(429);
    expect(errorOf(password)).toBe(TOO_MANY);
  });

  it('does not forgive wrong codes when the password is entered again', async () => {
    const user = await enrolled();
    for (let i = 0; i < 2; i++) {
      const res = await post('/auth/login/second-factor', {
        challenge: await challengeOf(user),
        code: '000000',
      });
      expect(res.statusCode).toBe(401);
    }
    const third = await post('/auth/login/second-factor', {
      challenge: await challengeOf(user),
      code: '000000',
    });
    expect(third.statusCode).toBe(401);
    const locked = await login(user);
    expect(locked.statusCode).toBe(429);
  });

  it('counts wrong recovery codes the same way', async () => {
    const user = await enrolled();
    const challenge = await challengeOf(user);
    for (let i = 0; i < 3; i++) {
      const res = await post('/auth/login/second-factor', { challenge, recoveryCode: 'AAAAA-AAAAA' });
      expect(errorOf(res)).toBe(m.invalidRecoveryCode);
    }
    const locked = await post('/auth/login/second-factor', {
      challenge,
      recoveryCode: user.recoveryCodes[0],
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('turning it off', () => {
  it('needs the password or a current code, then the password alone signs in again', async () => {
    const user = await enrolled();
    const headers = user.headers;
    const none = await post('/auth/two-factor/disable', {}, headers);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toBe(m.confirmRequired);
    const wrong = await post('/auth/two-factor/disable', { password: 'not-it' }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual({ password: m.passwordWrong });
    const off = await post('/auth/two-factor/disable', { password: user.password }, headers);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, pending: false, required: false, recoveryCodesLeft: 0 });
    expect(Object.keys((await login(user)).json()).sort()).toEqual(['token', 'user']);
    const again = await post('/auth/two-factor/disable', { password: user.password }, headers);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(m.notEnabled);
  });

  it('accepts a current code instead of the password', async () => {
    const user = await enrolled();
    const off = await post('/auth/two-factor/disable', { code: await codeAt(user.secret, 1) }, user.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
  });
});

describe('requiring two-factor sign-in', () => {
  const setPolicy = (required: string, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/two-factor', payload: { required }, headers });
  afterEach(async () => {
    expect((await setPolicy('off')).statusCode).toBe(200);
  });

  it('is an admin’s setting: others are refused, and only the three choices are accepted', async () => {
    const user = await signIn(t);
    const refused = await setPolicy('everyone', user.headers);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(authMessages.forbidden);
    expect((await get('/settings/two-factor', user.headers)).statusCode).toBe(403);
    const bad = await setPolicy('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe(m.policyInvalid);
    expect((await setPolicy('admins')).json()).toEqual({ required: 'admins' });
    expect((await get('/settings/two-factor', admin.headers)).json()).toEqual({ required: 'admins' });
  });

  it('for admins: an admin without it sets it up at sign-in and then has a session; users are not asked', async () => {
    const other = await signIn(t, { role: 'admin' });
    const user = await signIn(t);
    await setPolicy('admins');
    expect(Object.keys((await login(user)).json()).sort()).toEqual(['token', 'user']);

    const challenge = await challengeOf(other, 'setup');
    // The setup challenge is not a way past the code step.
    const skip = await post('/auth/login/second-factor', { challenge, code: '123456' });
    expect(skip.statusCode).toBe(401);
    expect(errorOf(skip)).toBe(m.challengeExpired);

    const setup = await post('/auth/login/second-factor/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const wrong = await post('/auth/login/second-factor/confirm', { challenge, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual({ code: m.invalidCode });
    const done = await post('/auth/login/second-factor/confirm', { challenge, code: await codeAt(secret) });
    expect(done.statusCode).toBe(200);
    const body = done.json<{ token: string; user: { email: string }; recoveryCodes: string[] }>();
    expect(body.user.email).toBe(other.email);
    expect(body.recoveryCodes).toHaveLength(10);
    const headers = { authorization: `Bearer ${body.token}` };
    expect((await get('/auth/two-factor', headers)).json()).toMatchObject({ enabled: true, required: true });

    // From now on it is the code step, and it cannot be turned off while required.
    await challengeOf(other, 'required');
    const off = await post('/auth/two-factor/disable', { password: other.password }, headers);
    expect(off.statusCode).toBe(403);
    expect(errorOf(off)).toBe(m.stillRequired);
  });

  it('for everyone: a user without it is led to set it up', async () => {
    const user = await signIn(t);
    await setPolicy('everyone');
    const challenge = await challengeOf(user, 'setup');
    expect((await post('/auth/login/second-factor/setup', { challenge })).statusCode).toBe(200);
    const expired = await post('/auth/login/second-factor/setup', { challenge: 'forged' });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toBe(m.challengeExpired);
  });
});

describe('an admin resets a user’s second factor', () => {
  it('turns it off, ends the user’s sessions, records who did it, and is refused to others', async () => {
    const user = await enrolled();
    const stranger = await signIn(t);
    const refused = await post(`/users/${user.id}/two-factor/reset`, {}, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(authMessages.forbidden);
    expect((await get(`/users/${user.id}/two-factor`, stranger.headers)).statusCode).toBe(403);
    expect((await get(`/users/${user.id}/two-factor`, admin.headers)).json()).toMatchObject({
      enabled: true,
    });

    const reset = await post(`/users/${user.id}/two-factor/reset`, {}, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ enabled: false, pending: false, required: false, recoveryCodesLeft: 0 });
    expect((await get('/auth/me', user.headers)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('second_factors')
      .select(['reset_by', 'reset_at', 'secret'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reset_by: admin.id, secret: null });
    expect(row.reset_at).toBeTruthy();

    expect(Object.keys((await login(user)).json()).sort()).toEqual(['token', 'user']);
    const again = await post(`/users/${user.id}/two-factor/reset`, {}, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(m.notEnabled);
    const missing = await post('/users/999999/two-factor/reset', {}, admin.headers);
    expect(missing.statusCode).toBe(404);
  });
});
