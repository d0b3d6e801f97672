import { expect, test } from '@playwright/test';
import {
  adminToken,
  bearer,
  createUserViaApi,
  logInAsAdmin,
  logInThroughForm,
  uniqueEmail,
} from './support/session';
import { sidebar } from './support/ui';

test.describe('roles', () => {
  test('an admin sees Users in the sidebar and can open /users', async ({ page }) => {
    await logInAsAdmin(page);
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();
  });

  test('a non-admin never sees Users, is sent from /users to /, and the API refuses them', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Plain', surname: 'User', role: 'user' });
    await logInThroughForm(page, user.email, user.password);

    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    await page.goto('/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    // The server enforces the role whatever the screens do (docs/api.md: POST /api/users is admin-only).
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const created = await page.request.post('/api/users', {
      headers: bearer(token!),
      data: {
        firstName: 'Sneaky',
        surname: 'Create',
        phone: '905321234567',
        email: uniqueEmail('sneaky'),
        password: 'Passw0rd!',
        role: 'admin',
        isActive: true,
      },
    });
    expect(created.status()).toBe(403);

    const deactivate = await page.request.put(`/api/users/${user.id}/deactivate`, {
      headers: bearer(token!),
    });
    expect(deactivate.status()).toBe(403);

    // Others get the list as {id, name} only, for pickers.
    const listed = await page.request.get('/api/users', { headers: bearer(token!) });
    expect(listed.status()).toBe(200);
    const rows = (await listed.json()) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'name']);

    // The admin's token, by contrast, may create.
    const allowed = await request.post('/api/users', {
      headers: bearer(await adminToken(request)),
      data: {
        firstName: 'Proper',
        surname: 'Create',
        phone: '905321234567',
        email: uniqueEmail('proper'),
        password: 'Passw0rd!',
        role: 'user',
        isActive: true,
      },
    });
    expect(allowed.status()).toBe(201);
  });
});
