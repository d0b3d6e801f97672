import { expect, test } from '@playwright/test';
import { ADMIN } from './support/constants';
import {
  bearer,
  createUserViaApi,
  deactivateViaApi,
  expectFullPageLoadOfLogin,
  expiredToken,
  logInAsAdmin,
  logInThroughForm,
  newPersonPage,
  readStorage,
  submitLogin,
  uniqueEmail,
  watchPageLoads,
  writeStorage,
} from './support/session';
import { expectedGreeting, expectToast, greeting, sidebar } from './support/ui';

const SESSION_EXPIRED = 'Session expired. Please log in again.';

test.describe('login screen', () => {
  test('a bad login shows the server’s message in a toast and stays on /login', async ({ page }) => {
    await submitLogin(page, uniqueEmail('nobody'), 'not-the-password');

    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await readStorage(page, 'token')).toBeNull();
    expect(await readStorage(page, 'user')).toBeNull();
  });

  test('a wrong password for a real account is refused the same way', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Wrong', surname: 'Password' });
    await submitLogin(page, user.email, `${user.password}x`);

    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a failure without a server text shows "Login failed"', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await submitLogin(page, ADMIN.email, ADMIN.password);

    await expectToast(page, 'Login failed');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a good login lands on the Dashboard and greets the user by name', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Greta', surname: 'Garbo' });
    await submitLogin(page, user.email, user.password);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const expected = await expectedGreeting(page, 'Greta Garbo');
    await expect(greeting(page)).toContainText(expected);
    await expect(greeting(page)).toHaveText(new RegExp(`^${expected} \\S+$`, 'u'));

    expect(await readStorage(page, 'token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse((await readStorage(page, 'user')) ?? '{}')).toMatchObject({
      email: user.email,
      name: 'Greta Garbo',
    });
  });

  test('a signed-in user who opens /login is sent to /', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a visitor who is not signed in is sent to /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('the sidebar’s Logout clears user, token and layout-emoji and lands on /login', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Leaving', surname: 'Soon' });
    await logInThroughForm(page, user.email, user.password);
    const token = await readStorage(page, 'token');
    expect(token).not.toBeNull();
    await expect.poll(() => readStorage(page, 'layout-emoji')).not.toBeNull();
    expect(await readStorage(page, 'user')).not.toBeNull();

    await sidebar(page).getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await readStorage(page, 'user')).toBeNull();
    expect(await readStorage(page, 'token')).toBeNull();
    expect(await readStorage(page, 'layout-emoji')).toBeNull();

    // The session is gone for good: the guard sends a revisit of / back to /login …
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // … and the server no longer honours the old token (docs/api.md: logout ends the session).
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: bearer(token!) })).status())
      .toBe(401);
  });
});

test.describe('session expiry', () => {
  test('an expired token sends the user to /login with "Session expired. Please log in again."', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Expired', surname: 'Token' });
    await logInThroughForm(page, user.email, user.password);

    // The /login page load gets a realistic network delay, so the message must survive it: the
    // client-side move to /login that happens first must not use the message up.
    await watchPageLoads(page);
    await writeStorage(page, 'token', expiredToken());
    await page.reload();

    // 000 §2.2: session expiry forces a full page navigation to /login, which shows the message.
    await expectFullPageLoadOfLogin(page);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, SESSION_EXPIRED);
    expect(await readStorage(page, 'token')).toBeNull();
    expect(await readStorage(page, 'user')).toBeNull();
  });

  test('an unreadable token counts as expired', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Garbled', surname: 'Token' });
    await logInThroughForm(page, user.email, user.password);

    await watchPageLoads(page);
    await writeStorage(page, 'token', 'not-a-jwt');
    await page.goto('/profile');

    await expectFullPageLoadOfLogin(page);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, SESSION_EXPIRED);
  });

  test('the 10-second re-check notices a token that expired while the screen is open', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Ticking', surname: 'Clock' });
    await page.clock.install();
    await logInThroughForm(page, user.email, user.password);

    await watchPageLoads(page);
    // Written by this tab, so no storage event: only the periodic check can notice. The fake clock
    // also ran while signing in, so the next check is due within 10 s, not exactly 10 s from now.
    await writeStorage(page, 'token', expiredToken());
    await expect(page).toHaveURL(/\/$/);
    await page.clock.fastForward(10_500);

    await expectFullPageLoadOfLogin(page);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, SESSION_EXPIRED);
  });

  test('an expired token written in another tab logs this tab out', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Other', surname: 'Tab' });
    await logInThroughForm(page, user.email, user.password);
    const otherTab = await page.context().newPage();
    await otherTab.goto('/profile');
    await expect(otherTab.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    await watchPageLoads(page);
    await writeStorage(otherTab, 'token', expiredToken());

    await expectFullPageLoadOfLogin(page);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, SESSION_EXPIRED);
    await otherTab.close();
  });

  test('removing the token in another tab logs this tab out', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Removed', surname: 'Token' });
    await logInThroughForm(page, user.email, user.password);
    const otherTab = await page.context().newPage();
    await otherTab.goto('/login');
    await otherTab.evaluate(() => window.localStorage.removeItem('token'));

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await otherTab.close();
  });

  test('120 minutes without activity log the user out with the inactivity message', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Idle', surname: 'Person' });
    await page.clock.install();
    await logInThroughForm(page, user.email, user.password);

    await page.clock.fastForward(119 * 60_000);
    await expect(page).toHaveURL(/\/$/);
    await page.clock.fastForward(70_000);

    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'You have been logged out due to inactivity.');
    expect(await readStorage(page, 'token')).toBeNull();
    expect(await readStorage(page, 'user')).toBeNull();
  });
});

test.describe('deactivated accounts', () => {
  test('a user deactivated while signed in is sent to /login on the next page load', async ({
    browser,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Soon', surname: 'Inactive' });
    const userPage = await newPersonPage(browser);
    await logInThroughForm(userPage, user.email, user.password);
    await userPage.getByRole('link', { name: 'My Profile' }).click();
    await expect(userPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    await deactivateViaApi(request, user.id);
    await userPage.reload();

    await expect(userPage).toHaveURL(/\/login$/);
    await expect(userPage.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await readStorage(userPage, 'token')).toBeNull();
    await userPage.context().close();
  });

  test('a user deactivated while signed in is sent to /login on the next call', async ({
    browser,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Next', surname: 'Call' });
    const userPage = await newPersonPage(browser);
    await logInThroughForm(userPage, user.email, user.password);
    await userPage.getByRole('link', { name: 'My Profile' }).click();
    await userPage.getByRole('button', { name: 'Edit' }).click();
    await userPage.getByLabel('Name').fill('Next Call Renamed');

    await deactivateViaApi(request, user.id);
    await userPage.getByRole('button', { name: 'Save' }).click();

    await expect(userPage).toHaveURL(/\/login$/);
    await expect(userPage.getByRole('button', { name: 'Login' })).toBeVisible();
    await userPage.context().close();
  });

  test('a deactivated user cannot sign in again', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Locked', surname: 'Out' });
    await deactivateViaApi(request, user.id);
    await submitLogin(page, user.email, user.password);

    await expectToast(page, 'Your account is inactive. Please contact an administrator.');
    await expect(page).toHaveURL(/\/login$/);
    // The API agrees.
    const res = await request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status()).toBe(403);
  });
});
