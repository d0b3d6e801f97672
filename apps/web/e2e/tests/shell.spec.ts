import { expect, type Page, test } from '@playwright/test';
import {
  createUserViaApi,
  logInAsAdmin,
  logInThroughForm,
  readStorage,
  submitLogin,
} from './support/session';
import { greeting, sidebar, toast } from './support/ui';

function colorScheme(page: Page) {
  return page.locator('html');
}

test.describe('application shell', () => {
  test('collapsing the sidebar survives a reload, and so does expanding it again', async ({ page }) => {
    await logInAsAdmin(page);
    const nav = sidebar(page);
    await expect(nav).toBeInViewport();

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(nav).not.toBeInViewport();
    expect(await readStorage(page, 'sidebar-expanded')).toBe('false');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(nav).not.toBeInViewport();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect(nav).toBeInViewport();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect(nav).toBeInViewport();
  });

  test('the dark theme switch survives a reload', async ({ page }) => {
    await logInAsAdmin(page);
    const dark = page.getByRole('switch', { name: 'Dark theme' });
    // What a person clicks: the switch's track (the label around the hidden checkbox).
    const track = page.locator('label').filter({ has: dark });
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(dark).not.toBeChecked();

    await track.click();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(dark).toBeChecked();
    expect(await readStorage(page, 'theme')).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(dark).toBeChecked();

    await track.click();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(dark).not.toBeChecked();
  });

  test('the greeting follows the clock: morning before 12, afternoon before 18, evening after', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Clock', surname: 'Watcher' });
    await page.clock.install({ time: new Date('2024-03-04T11:59:30') });
    await logInThroughForm(page, user.email, user.password);
    await expect(greeting(page)).toContainText('Good morning, Clock Watcher');

    // The greeting re-reads the hour every minute.
    await page.mouse.move(10, 10);
    await page.clock.fastForward(60_000);
    await expect(greeting(page)).toContainText('Good afternoon, Clock Watcher');

    await page.clock.setSystemTime(new Date('2024-03-04T18:00:05'));
    await page.mouse.move(20, 20); // activity, so the jump is not read as two idle hours
    await page.clock.fastForward(60_000);
    await expect(greeting(page)).toContainText('Good evening, Clock Watcher');
  });

  test('the greeting’s emoji is chosen once and kept under layout-emoji', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Emoji', surname: 'Keeper' });
    await logInThroughForm(page, user.email, user.password);
    await expect.poll(() => readStorage(page, 'layout-emoji')).not.toBeNull();
    const emoji = (await readStorage(page, 'layout-emoji'))!;
    await expect(greeting(page)).toContainText(emoji);

    await page.reload();
    await expect(greeting(page)).toContainText(emoji);
    expect(await readStorage(page, 'layout-emoji')).toBe(emoji);
  });

  test('the sidebar offers the menu, a Products group that opens and closes, My Profile and Logout', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    const nav = sidebar(page);
    for (const name of ['Dashboard', 'Leads', 'Customers', 'Partners', 'Users', 'My Profile']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

    const products = nav.getByRole('button', { name: 'Products', exact: true });
    await expect(nav.getByRole('link', { name: 'Product Listings' })).toBeHidden();
    await products.click();
    await expect(nav.getByRole('link', { name: 'Product Listings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Product Categories' })).toBeVisible();
    await products.press('Enter'); // a real button, so the keyboard works too
    await expect(nav.getByRole('link', { name: 'Product Listings' })).toBeHidden();

    // An entry lights up for its screen and the screens that belong to it.
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/new-user');
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('toasts sit at the bottom right; the login screen’s stay 4 s, the application’s 3 s', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Toast', surname: 'Timer' });
    await page.clock.install();

    await submitLogin(page, user.email, 'wrong-password');
    const loginToast = toast(page, 'Invalid email or password');
    await expect(loginToast).toBeVisible();
    const box = (await loginToast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    await page.clock.fastForward(3_500);
    await expect(loginToast).toBeVisible();
    await page.clock.fastForward(1_000);
    await expect(loginToast).toBeHidden();

    await logInThroughForm(page, user.email, user.password);
    await sidebar(page).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Update Password' }).click();
    const appToast = toast(page, 'Please fill in all password fields.');
    await expect(appToast).toBeVisible();
    await page.clock.fastForward(2_500);
    await expect(appToast).toBeVisible();
    await page.clock.fastForward(1_000);
    await expect(appToast).toBeHidden();
  });
});
