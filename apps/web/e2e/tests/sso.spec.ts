/// <reference path="../../../server/test/helpers/oidc-provider.d.ts" />
// The server's tests run the same test provider: one helper (and its types) serves both.
import { expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../../server/test/helpers/oidc-test-provider';
import { adminToken, bearer, createUserViaApi, uniqueEmail } from './support/session';
import { sidebar } from './support/ui';

let provider: TestProvider;
let token: string;

/** The provider's development login page: any password, the login name picks the account. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('single sign-on', () => {
  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    const current = await request.get('/api/settings/sso', { headers: bearer(token) });
    provider = await startTestProvider((await current.json()).redirectUri);
    const saved = await request.put('/api/settings/sso', {
      headers: bearer(token),
      data: {
        enabled: true,
        displayName: 'Test IdP',
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        allowedDomains: ['example.com'],
        unknownPeople: 'refuse',
        passwordSignIn: 'everyone',
      },
    });
    expect(saved.status(), 'configure the provider as the admin').toBe(200);
  });

  // The suite's server is shared: leave it as the other specs expect it, without single sign-on.
  test.afterAll(async ({ request }) => {
    await request.put('/api/settings/sso', {
      headers: bearer(await adminToken(request)),
      data: {
        enabled: false,
        displayName: '',
        issuer: '',
        clientId: '',
        allowedDomains: [],
        unknownPeople: 'refuse',
        passwordSignIn: 'everyone',
      },
    });
    await provider?.close();
  });

  test('a person clicks “Sign in with Test IdP”, signs in at the provider and lands signed in', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Single', surname: 'Signon' });
    provider.accounts.set('single', { email: user.email, email_verified: true });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await signInAtProvider(page, 'single');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The hand-off code is gone from the address; the session is the user's.
    expect(page.url()).not.toContain('code=');
    await page.goto('/profile');
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('someone without an account is sent back to the login page with the reason', async ({ page }) => {
    provider.accounts.set('stranger', { email: uniqueEmail('stranger'), email_verified: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await signInAtProvider(page, 'stranger');

    await expect(page).toHaveURL(/\/login\?sso=unknown$/);
    await expect(page.getByTestId('sso-error')).toHaveText(
      'There is no account for your e-mail address. Ask an administrator to create one.',
    );
    // The password form is still offered beside the provider's button.
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  });
});
