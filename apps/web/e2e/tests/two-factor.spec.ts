import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN } from './support/constants';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import {
  bearer,
  createUserViaApi,
  logInThroughForm,
  newPersonPage,
  readStorage,
  submitLogin,
} from './support/session';
import { expectToast, sidebar } from './support/ui';

/** The code an authenticator app would show `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Opens the profile's section and starts the setup; answers the key as the screen shows it. */
async function startSetup(page: Page): Promise<string> {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(card.getByRole('textbox', { name: '6-digit code' })).toBeFocused();
  const shown = await card.getByTestId('two-factor-secret').textContent();
  return (shown ?? '').replace(/\s+/g, '');
}

test.describe('two-factor sign-in', () => {
  test('a person turns it on from the profile, signs out, and signs in with password and code', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Second', surname: 'Factor' });
    await logInThroughForm(page, user.email, user.password);
    const secret = await startSetup(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('textbox', { name: '6-digit code' }).fill(await codeAt(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(card.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    await card.getByRole('button', { name: 'Done' }).click();
    await expectToast(page, 'Two-factor sign-in is on');
    await expect(card.getByText('On', { exact: true })).toBeVisible();

    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, user.email, user.password);
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(code).toBeFocused();
    // A wrong code is refused with the server's words, and the person stays on this step.
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid authentication code').first()).toBeVisible();
    // The next period's code: the one used to turn it on cannot be used twice.
    await code.fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('the setup fits a 390 px screen and passes axe (WCAG 2.2 AA) in both schemes', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createUserViaApi(request, { firstName: 'Narrow', surname: 'Factor' });
    await logInThroughForm(page, user.email, user.password);
    await startSetup(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const { violations } = await new AxeBuilder({ page })
        .include('section[aria-labelledby="two-factor-title"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(violations.map((violation) => `${scheme}: ${violation.id}`)).toEqual([]);
    }
  });
});

test.describe('two-factor sign-in required by the admin', () => {
  // Its own server: the requirement applies to the whole installation, and other specs sign in
  // with passwords alone on the suite's server meanwhile.
  let server: FreshServer;
  test.beforeAll(async () => {
    server = await startFreshServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the admin requires it for everyone, a user sets it up at sign-in, and the admin resets it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const base = server.baseURL;
    const adminLogin = await request.post(`${base}/api/auth/login`, { data: ADMIN });
    const { token } = await adminLogin.json();
    const user = { email: `forced.${Date.now()}@example.com`, password: 'Passw0rd!' };
    const created = await request.post(`${base}/api/users`, {
      headers: bearer(token),
      data: {
        firstName: 'Forced',
        surname: 'Setup',
        phone: '905321234567',
        role: 'user',
        isActive: true,
        ...user,
      },
    });
    expect(created.status()).toBe(201);
    const userId = (await created.json()).id as number;

    await page.goto(`${base}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto(`${base}/users`);
    const policy = page.getByRole('region', { name: 'Require two-factor sign-in' });
    await policy.getByText('Everyone', { exact: true }).click();
    await expectToast(page, 'Two-factor requirement saved');

    // The user's next sign-in leads through the setup before the session begins.
    const person = await newPersonPage(browser);
    await person.goto(`${base}/login`);
    await person.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await person.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await person.getByRole('button', { name: 'Login' }).click();
    await expect(person.getByText('Set up two-factor sign-in')).toBeVisible();
    await expect(person.getByRole('img', { name: /QR code/ })).toBeVisible();
    const code = person.getByRole('textbox', { name: '6-digit code' });
    await expect(code).toBeFocused();
    const secret = ((await person.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    await code.fill(await codeAt(secret));
    await person.getByRole('button', { name: 'Turn on' }).click();
    await expect(person.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await person.getByRole('button', { name: 'Continue' }).click();
    await expect(person.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // A lost phone: the admin resets it from the user's edit screen, which signs the user out.
    await page.goto(`${base}/edit-user/${userId}`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Reset second factor' }).click();
    await page
      .getByRole('dialog', { name: 'Reset two-factor sign-in?' })
      .getByRole('button', { name: 'Reset' })
      .click();
    await expectToast(page, 'Two-factor sign-in was reset');
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    const me = await request.get(`${base}/api/auth/me`, {
      headers: bearer((await readStorage(person, 'token')) ?? ''),
    });
    expect(me.status()).toBe(401);
    await person.context().close();
  });
});
