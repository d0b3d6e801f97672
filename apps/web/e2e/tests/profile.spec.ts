import { expect, type Page, test } from '@playwright/test';
import {
  apiToken,
  createUserViaApi,
  logInThroughForm,
  readStorage,
  submitLogin,
  uniqueEmail,
  uniqueTag,
} from './support/session';
import { expectedGreeting, expectToast, greeting, sidebar } from './support/ui';

function passwordField(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function openProfile(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
}

async function fillPasswords(page: Page, current: string, next: string, confirm: string): Promise<void> {
  await passwordField(page, 'Current Password').fill(current);
  await passwordField(page, 'New Password').fill(next);
  await passwordField(page, 'Confirm New Password').fill(confirm);
  await page.getByRole('button', { name: 'Update Password' }).click();
}

test.describe('profile', () => {
  test('shows the signed-in user’s name, e-mail and role', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Shown', surname: 'Details' });
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);
    const main = page.getByRole('main');
    await expect(main.getByText('Shown Details', { exact: true })).toBeVisible();
    await expect(main.getByText(user.email, { exact: true })).toBeVisible();
    await expect(main.getByText('user', { exact: true })).toBeVisible(); // the role badge
  });

  test('editing the name shows "Profile updated successfully!" and the greeting follows', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Before', surname: 'Rename' });
    const newName = `After ${uniqueTag()}`;
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);

    // Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Thrown Away');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeHidden();
    await expect(page.getByText('Before Rename', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Before Rename');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
    await page.getByRole('textbox', { name: 'Name' }).fill(newName);
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated successfully!');
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeHidden();
    await expect(page.getByText(newName, { exact: true })).toBeVisible();
    await expect(greeting(page)).toContainText(await expectedGreeting(page, newName));
    expect(JSON.parse((await readStorage(page, 'user')) ?? '{}').name).toBe(newName);

    // Saved on the server too: still there after a reload.
    await page.reload();
    await expect(greeting(page)).toContainText(await expectedGreeting(page, newName));
  });

  test('a refused profile change shows the server’s message, or "Failed to update profile"', async ({
    page,
    request,
  }) => {
    const other = await createUserViaApi(request, { firstName: 'Other', surname: 'Owner' });
    const user = await createUserViaApi(request, { firstName: 'Wants', surname: 'Email' });
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(other.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'A user with this email already exists');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();

    await page.route('**/api/users/me', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('fresh'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to update profile');
  });

  test('changing the password: empty fields, mismatch, wrong current, then success', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Pass', surname: 'Changer' });
    const newPassword = 'Brand-New-Pass-1';
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);

    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Please fill in all password fields.');

    await fillPasswords(page, user.password, newPassword, `${newPassword}x`);
    await expectToast(page, 'New passwords do not match.');

    await fillPasswords(page, 'not-my-password', newPassword, newPassword);
    await expectToast(page, 'Current password is incorrect');

    await fillPasswords(page, user.password, newPassword, newPassword);
    await expectToast(page, 'Password updated successfully!');
    await expect(passwordField(page, 'Current Password')).toHaveValue('');
    await expect(passwordField(page, 'New Password')).toHaveValue('');
    await expect(passwordField(page, 'Confirm New Password')).toHaveValue('');

    // The screen keeps working with the session the change handed back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    // Out and back in: the new password works, the old one no longer does.
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, user.email, user.password);
    await expectToast(page, 'Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, user.email, newPassword);
    await expect(greeting(page)).toContainText('Pass Changer');
  });

  test('a password change without a server text shows "Failed to update password"', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Silent', surname: 'Server' });
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);
    await page.route('**/api/users/change-password', (route) => route.fulfill({ status: 500, body: '' }));
    await fillPasswords(page, user.password, 'Another-Pass-2', 'Another-Pass-2');
    await expectToast(page, 'Failed to update password');
    // Nothing changed on the server.
    await apiToken(request, user.email, user.password);
  });

  test('the profile’s own Logout button signs out too', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Profile', surname: 'Logout' });
    await logInThroughForm(page, user.email, user.password);
    await openProfile(page);
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStorage(page, 'token')).toBeNull();
    expect(await readStorage(page, 'user')).toBeNull();
  });
});
