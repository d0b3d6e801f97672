import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN } from './constants';

/** Signs in through the login screen, as a person does. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function logInAsAdmin(page: Page): Promise<void> {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
}

/** An API token for setting up data quickly; the scenarios themselves go through the screens. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Creates a user through the API as the admin; answers the e-mail and password. */
export async function createUserViaApi(
  request: APIRequestContext,
  options: { role?: 'admin' | 'user'; firstName?: string; surname?: string } = {},
): Promise<{ id: number; email: string; password: string; name: string }> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const email = uniqueEmail(options.firstName?.toLowerCase() ?? 'user');
  const firstName = options.firstName ?? 'Test';
  const surname = options.surname ?? 'Person';
  const password = 'Passw0rd!';
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstName,
      surname,
      phone: '905321234567',
      email,
      password,
      role: options.role ?? 'user',
      isActive: true,
    },
  });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).id, email, password, name: `${firstName} ${surname}` };
}
