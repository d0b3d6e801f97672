import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { createUserViaApi, logInThroughForm, submitLogin } from './support/session';
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
