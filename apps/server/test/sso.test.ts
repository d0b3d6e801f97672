import { SSO_FAILURES, ssoMessages } from '@crm/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAtProvider, startTestProvider, type TestProvider } from './helpers/oidc-test-provider.js';
import {
  createTestApp,
  errorOf,
  fieldsOf,
  type SignedIn,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let provider: TestProvider;
let redirectUri: string;

const api = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  options: { payload?: object; headers?: object } = {},
) => t.app.inject({ method, url: `/api${url}`, payload: options.payload, headers: options.headers as never });

/** A whole provider setting; each test changes what it needs. */
const settings = (more: Record<string, unknown> = {}) => ({
  enabled: true,
  displayName: 'Test IdP',
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  allowedDomains: ['example.com'],
  unknownPeople: 'refuse',
  passwordSignIn: 'everyone',
  ...more,
});

async function configure(more: Record<string, unknown> = {}) {
  const res = await api('PUT', '/settings/sso', { payload: settings(more), headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A person at the provider; the login name is their subject there. */
let people = 0;
function person(
  email: string,
  more: Partial<{ email_verified: boolean; given_name: string; family_name: string }> = {},
) {
  people += 1;
  const login = `person-${people}`;
  provider.accounts.set(login, { email, email_verified: true, ...more });
  return login;
}

/** /api/auth/sso/start, then the provider's login page: the callback request as the browser would send it. */
async function startAndSignIn(login: string) {
  const start = await api('GET', '/auth/sso/start');
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorization = String(start.headers.location);
  const back = await signInAtProvider(authorization, login, redirectUri);
  return { authorization, cookie, callback: `${back.pathname}${back.search}` };
}

const callback = (path: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

/** The whole sign-in; answers the final redirect of the callback. */
async function signInThroughProvider(login: string) {
  const { cookie, callback: path } = await startAndSignIn(login);
  return callback(path, cookie);
}

const failure = (reason: keyof typeof SSO_FAILURES) => `/login?sso=${reason}`;

async function session(location: string) {
  expect(location).toMatch(/^\/login\/sso#code=[\w-]+$/);
  return api('POST', '/auth/sso/session', { payload: { code: location.split('#code=')[1] } });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
  const current = await api('GET', '/settings/sso', { headers: admin.headers });
  redirectUri = current.json<{ redirectUri: string }>().redirectUri;
  provider = await startTestProvider(redirectUri);
});
afterAll(async () => {
  await provider?.close();
  await t.close();
});

describe('single sign-on settings', () => {
  it('is off until an admin turns it on, and the login page hears so', async () => {
    const res = await api('GET', '/auth/sso');
    expect(res.json()).toEqual({ enabled: false, displayName: '', passwordSignIn: 'everyone' });
    const start = await api('GET', '/auth/sso/start');
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(failure('disabled'));
  });

  it('is for admins only', async () => {
    const user = await signIn(t);
    expect((await api('GET', '/settings/sso', { headers: user.headers })).statusCode).toBe(403);
    const put = await api('PUT', '/settings/sso', { payload: settings(), headers: user.headers });
    expect(put.statusCode).toBe(403);
  });

  it('refuses to turn on an incomplete provider, naming each missing field', async () => {
    const res = await api('PUT', '/settings/sso', {
      payload: settings({ issuer: '', clientId: '', displayName: '', clientSecret: undefined }),
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      issuer: ssoMessages.issuerRequired,
      clientId: ssoMessages.clientIdRequired,
      clientSecret: ssoMessages.clientSecretRequired,
      displayName: ssoMessages.displayNameRequired,
    });
  });

  it('refuses an http issuer elsewhere than this machine, and one whose discovery does not answer', async () => {
    const http = await api('PUT', '/settings/sso', {
      payload: settings({ issuer: 'http://idp.example.com' }),
      headers: admin.headers,
    });
    expect(http.statusCode).toBe(400);
    expect(fieldsOf(http)).toEqual({ issuer: ssoMessages.issuerFormat });
    const silent = await api('PUT', '/settings/sso', {
      payload: settings({ issuer: 'http://127.0.0.1:9/nothing' }),
      headers: admin.headers,
    });
    expect(silent.statusCode).toBe(400);
    expect(errorOf(silent)).toBe(ssoMessages.issuerUnreachable);
  });

  it('refuses to create unknown people without a list of allowed domains', async () => {
    const res = await api('PUT', '/settings/sso', {
      payload: settings({ unknownPeople: 'create', allowedDomains: [] }),
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({ allowedDomains: ssoMessages.domainsRequiredToCreate });
  });

  it('never answers the client secret, only that one is set, and keeps it when left out', async () => {
    const saved = await configure({ allowedDomains: ['EXAMPLE.com', '@example.com'] });
    expect(saved.body).not.toContain(provider.clientSecret);
    expect(saved.json()).toEqual({
      enabled: true,
      displayName: 'Test IdP',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecretSet: true,
      allowedDomains: ['example.com'],
      unknownPeople: 'refuse',
      passwordSignIn: 'everyone',
      redirectUri,
    });
    const kept = await configure({ clientSecret: undefined });
    expect(kept.json()).toMatchObject({ clientSecretSet: true });
    const read = await api('GET', '/settings/sso', { headers: admin.headers });
    expect(read.body).not.toContain(provider.clientSecret);
    expect(read.json()).toMatchObject({ clientSecretSet: true });
    // The kept secret still works at the provider.
    const email = uniqueEmail();
    await signIn(t, { email });
    const res = await signInThroughProvider(person(email));
    expect(res.headers.location).toMatch(/^\/login\/sso#code=/);
    expect(await api('GET', '/auth/sso')).toMatchObject({ statusCode: 200 });
    expect((await api('GET', '/auth/sso')).json()).toEqual({
      enabled: true,
      displayName: 'Test IdP',
      passwordSignIn: 'everyone',
    });
  });
});

describe('signing in through the provider', () => {
  beforeEach(async () => {
    await configure();
  });

  it('signs an existing user in by verified e-mail, with PKCE S256, state and nonce sent, and audits it', async () => {
    const email = uniqueEmail();
    const user = await signIn(t, { email });
    const { authorization, cookie, callback: path } = await startAndSignIn(person(email));
    const sent = new URL(authorization).searchParams;
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sent.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(sent.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(sent.get('redirect_uri')).toBe(redirectUri);
    expect(cookie).toBe(`crm_sso_state=${sent.get('state')}`);

    const res = await callback(path, cookie);
    expect(res.statusCode).toBe(302);
    const signedIn = await session(String(res.headers.location));
    expect(signedIn.statusCode).toBe(200);
    const { token, user: answered } = signedIn.json<{ token: string; user: { id: number; email: string } }>();
    expect(answered).toMatchObject({ id: user.id, email });
    const me = await api('GET', '/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ id: user.id });
    // Audited as any sign-in (newest first, after the test's own password sign-in), naming the
    // provider as the way in.
    const audit = await api('GET', `/audit?action=auth.sign-in&actor=${user.id}`, { headers: admin.headers });
    expect(
      audit
        .json<{ detail: unknown; address: string }[]>()
        .map(({ detail, address }) => ({ detail, address })),
    ).toEqual([
      { detail: { method: 'sso' }, address: '127.0.0.1' },
      { detail: { method: 'password' }, address: '127.0.0.1' },
    ]);
  });

  it('trades the one-time code for a session once only', async () => {
    const email = uniqueEmail();
    await signIn(t, { email });
    const res = await signInThroughProvider(person(email));
    const location = String(res.headers.location);
    expect((await session(location)).statusCode).toBe(200);
    const again = await session(location);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe(SSO_FAILURES.expired);
  });

  it('finds the user again by the provider’s subject after the e-mail changed there', async () => {
    const email = uniqueEmail();
    const user = await signIn(t, { email });
    const login = person(email);
    await session(String((await signInThroughProvider(login)).headers.location));
    provider.accounts.set(login, { email: uniqueEmail('renamed'), email_verified: true });
    const again = await session(String((await signInThroughProvider(login)).headers.location));
    expect(again.json<{ user: { id: number } }>().user.id).toBe(user.id);
  });

  it('fails when the code verifier does not match the challenge: the provider enforces PKCE', async () => {
    const email = uniqueEmail();
    await signIn(t, { email });
    const { cookie, callback: path } = await startAndSignIn(person(email));
    await t.db
      .updateTable('sso_pending_sign_ins')
      .set({ code_verifier: 'x'.repeat(43) })
      .execute();
    const res = await callback(path, cookie);
    expect(res.headers.location).toBe(failure('provider'));
  });

  it('refuses a wrong state, a missing state cookie and a replayed state', async () => {
    const email = uniqueEmail();
    await signIn(t, { email });
    const { cookie, callback: path } = await startAndSignIn(person(email));
    const url = new URL(path, 'http://x');
    const state = url.searchParams.get('state')!;
    url.searchParams.set('state', `${state}x`);
    const wrong = await callback(`${url.pathname}${url.search}`, `${cookie}x`);
    expect(wrong.headers.location).toBe(failure('expired'));
    const noCookie = await callback(path);
    expect(noCookie.headers.location).toBe(failure('expired'));
    const first = await callback(path, cookie);
    expect(first.headers.location).toMatch(/^\/login\/sso#code=/);
    const replay = await callback(path, cookie);
    expect(replay.headers.location).toBe(failure('expired'));
  });

  it('refuses an unknown person by default', async () => {
    const email = uniqueEmail('stranger');
    const res = await signInThroughProvider(person(email));
    expect(res.headers.location).toBe(failure('unknown'));
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
  });

  it('creates an unknown person as a plain user when the setting says so, once', async () => {
    await configure({ unknownPeople: 'create' });
    const email = uniqueEmail('newcomer');
    const login = person(email, { given_name: 'Ayşe', family_name: 'Yılmaz' });
    const res = await signInThroughProvider(login);
    const signedIn = await session(String(res.headers.location));
    expect(signedIn.statusCode).toBe(200);
    const { user } = signedIn.json<{ user: { id: number; email: string; role: string; name: string } }>();
    expect(user).toMatchObject({ email, role: 'user', name: 'Ayşe Yılmaz', isActive: true });
    const again = await session(String((await signInThroughProvider(login)).headers.location));
    expect(again.json<{ user: { id: number } }>().user.id).toBe(user.id);
  });

  it('refuses a deactivated user, whether matched by e-mail or by subject', async () => {
    const email = uniqueEmail();
    const user = await signIn(t, { email });
    const login = person(email);
    await session(String((await signInThroughProvider(login)).headers.location));
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await signInThroughProvider(login)).headers.location).toBe(failure('inactive'));

    const other = uniqueEmail();
    const inactive = await signIn(t, { email: other });
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    expect((await signInThroughProvider(person(other))).headers.location).toBe(failure('inactive'));
  });

  it('refuses the one-time code of a user deactivated in between', async () => {
    const email = uniqueEmail();
    const user = await signIn(t, { email });
    const res = await signInThroughProvider(person(email));
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const refused = await session(String(res.headers.location));
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toBe('Your account is inactive. Please contact an administrator.');
  });

  it('refuses an e-mail outside the allowed domains, and one the provider has not verified', async () => {
    const outside = 'someone@elsewhere.org';
    await signIn(t, { email: outside });
    expect((await signInThroughProvider(person(outside))).headers.location).toBe(failure('domain'));
    const email = uniqueEmail();
    await signIn(t, { email });
    const unverified = person(email, { email_verified: false });
    expect((await signInThroughProvider(unverified)).headers.location).toBe(failure('unverified'));
  });

  it('accepts any domain when none is listed', async () => {
    await configure({ allowedDomains: [] });
    const email = 'member@other-company.org';
    await signIn(t, { email });
    expect((await signInThroughProvider(person(email))).headers.location).toMatch(/^\/login\/sso#code=/);
  });
});

describe('turning the password form off', () => {
  it('refuses a plain user’s right password, but never an admin’s', async () => {
    const user = await signIn(t);
    await configure({ passwordSignIn: 'admins' });
    expect((await api('GET', '/auth/sso')).json()).toMatchObject({ passwordSignIn: 'admins' });
    const refused = await api('POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(ssoMessages.passwordSignInOff);
    const wrong = await api('POST', '/auth/login', { payload: { email: user.email, password: 'wrong-one' } });
    expect(wrong.statusCode).toBe(401);
    const adminLogin = await api('POST', '/auth/login', {
      payload: { email: admin.email, password: admin.password },
    });
    expect(adminLogin.statusCode).toBe(200);

    await configure({ passwordSignIn: 'everyone' });
    const allowed = await api('POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('keeps the password form for everyone while single sign-on is off', async () => {
    const user = await signIn(t);
    await configure({ passwordSignIn: 'admins', enabled: false });
    const res = await api('POST', '/auth/login', { payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    expect((await api('GET', '/auth/sso')).json()).toEqual({
      enabled: false,
      displayName: '',
      passwordSignIn: 'everyone',
    });
  });
});
