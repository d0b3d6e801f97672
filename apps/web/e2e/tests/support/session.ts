import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { ADMIN } from './constants';

/** Opens /login, types the e-mail and password and presses Login. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the login screen, as a person does, and waits for the Dashboard. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

export async function logInAsAdmin(page: Page): Promise<void> {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
}

/** An API token for setting up data quickly; the scenarios themselves go through the screens. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `log in ${email} through the API`).toBe(200);
  return (await res.json()).token as string;
}

let cachedAdminToken: string | undefined;

/**
 * The admin's API token, signed in once per test worker and reused for setup calls (a fresh one is
 * fetched when the server no longer honours it).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (cachedAdminToken) {
    const probe = await request.get('/api/auth/me', { headers: bearer(cachedAdminToken) });
    if (probe.ok()) return cachedAdminToken;
  }
  cachedAdminToken = await apiToken(request, ADMIN.email, ADMIN.password);
  return cachedAdminToken;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
/** An e-mail address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 6);
  const local = prefix.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'user';
  return `${local}.${Date.now().toString(36)}${counter}${random}@example.com`;
}

/** A short token of letters only, to tag the names of the users one test creates. */
export function uniqueTag(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tag = '';
  for (let i = 0; i < 8; i += 1) tag += letters[Math.floor(Math.random() * letters.length)];
  return `Q${tag}`;
}

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  name: string;
  firstName: string;
  surname: string;
}

/** Creates a user through the API as the admin. */
export async function createUserViaApi(
  request: APIRequestContext,
  options: {
    role?: 'admin' | 'user';
    firstName?: string;
    surname?: string;
    email?: string;
    password?: string;
    isActive?: boolean;
  } = {},
): Promise<CreatedUser> {
  const token = await adminToken(request);
  const firstName = options.firstName ?? 'Test';
  const surname = options.surname ?? 'Person';
  const email = options.email ?? uniqueEmail(firstName);
  const password = options.password ?? 'Passw0rd!';
  const res = await request.post('/api/users', {
    headers: bearer(token),
    data: {
      firstName,
      surname,
      phone: '905321234567',
      email,
      password,
      role: options.role ?? 'user',
      isActive: options.isActive ?? true,
    },
  });
  expect(res.status(), 'create a user through the API').toBe(201);
  return { id: (await res.json()).id, email, password, name: `${firstName} ${surname}`, firstName, surname };
}

/** Deactivates a user through the API as the admin (ends all of that user's sessions). */
export async function deactivateViaApi(request: APIRequestContext, id: number): Promise<void> {
  const token = await adminToken(request);
  const res = await request.put(`/api/users/${id}/deactivate`, { headers: bearer(token) });
  expect(res.status(), 'deactivate a user through the API').toBe(200);
}

/** A page in a context of its own: a second person at a second browser. */
export async function newPersonPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** A JWT-shaped token whose payload's `exp` (seconds) is the given time; the signature is junk. */
export function jwtWithExpiry(expSeconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 1, exp: expSeconds })}.c2lnbmF0dXJl`;
}

export function expiredToken(): string {
  return jwtWithExpiry(Math.floor(Date.now() / 1000) - 3600);
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export function writeStorage(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [key, value] as const);
}

/**
 * Prepares a page for telling full page loads from client-side moves: every document it loads from
 * now on records the path it was loaded at, and a full page load of /login gets a realistic network
 * delay (a client-side move to /login fetches nothing, so only real page loads are slowed).
 */
export async function watchPageLoads(page: Page, loginDelayMs = 400): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __e2eLoadedAt: string }).__e2eLoadedAt = window.location.pathname;
  });
  await page.route(
    (url) => url.pathname === '/login',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      await new Promise((resolve) => setTimeout(resolve, loginDelayMs));
      return route.continue();
    },
  );
}

/** After watchPageLoads: waits until the document on screen came from a full page load of /login. */
export async function expectFullPageLoadOfLogin(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(() => (window as unknown as { __e2eLoadedAt?: string }).__e2eLoadedAt ?? null)
          .catch(() => null),
      { message: 'a full page load of /login' },
    )
    .toBe('/login');
}
