import { expect, test } from '@playwright/test';
import { ADMIN } from './support/constants';
import { createUserViaApi, logInThroughForm } from './support/session';
import { sidebar } from './support/ui';

test.describe('audit log', () => {
  test('an admin sees their own sign-in with its address, and filters by action', async ({
    page,
    request,
  }) => {
    const other = await createUserViaApi(request, { firstName: 'Audit', surname: 'Slip' });
    // A wrong password for someone else: a failed sign-in to find by its filter.
    expect(
      (await request.post('/api/auth/login', { data: { email: other.email, password: 'wrong' } })).status(),
    ).toBe(401);
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await sidebar(page).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

    const table = page.getByRole('table', { name: 'Audit log' });
    // Newest first: the sign-in just made through the form, with the address it came from.
    const mine = table
      .getByRole('row')
      .filter({ hasText: 'Sign-in' })
      .filter({ hasNotText: 'Failed' })
      .first();
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('cell').nth(4)).toHaveText(/^(\d{1,3}\.){3}\d{1,3}$|:/);

    await page.getByRole('textbox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Failed sign-in' }).click();
    const failed = table.getByRole('row').filter({ hasText: other.email });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('wrong-password');
    for (const row of await table.getByRole('row').all()) {
      const text = await row.textContent();
      if (text?.startsWith('When')) continue;
      expect(text).toContain('Failed sign-in');
    }
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('a user has no Audit log entry and is turned away from /audit', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Plain', surname: 'User' });
    await logInThroughForm(page, user.email, user.password);
    await expect(sidebar(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toHaveCount(0);
  });
});
