import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  bearer,
  createUserViaApi,
  logInAsAdmin,
  uniqueEmail,
  uniqueTag,
} from './support/session';
import {
  columnHeader,
  expectToast,
  openUsersAndSearch,
  resultCount,
  sidebar,
  userRow,
  userRows,
  userSearch,
} from './support/ui';

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/**
 * Types into the phone input as a person does. The input loads on first use behind a disabled
 * placeholder of the same label; typing waits until the real one takes focus (a click waits for an
 * enabled field, typing alone does not, and the keys went to the field before).
 */
async function typePhone(page: Page, digits: string) {
  const phone = field(page, 'Phone');
  await phone.click();
  await phone.pressSequentially(digits);
}

test.describe('user management', () => {
  test('an admin creates, edits and deactivates a user through the screens', async ({ page, request }) => {
    const tag = uniqueTag();
    const email = uniqueEmail('created');
    await logInAsAdmin(page);

    // Create: from the list's "+ Add New User" link.
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: '+ Add New User' }).click();
    await expect(page).toHaveURL(/\/new-user$/);
    await expect(page.getByRole('heading', { name: 'Add New User', level: 1 })).toBeVisible();
    // 000 §2.8: a new user defaults to role user and status active.
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('true');

    await page.getByRole('button', { name: 'Save' }).click();
    for (const [label, message] of [
      ['First Name', 'First name is required'],
      ['Surname', 'Surname is required'],
      ['Phone', 'Phone is required'],
      ['Email', 'Email is required'],
      ['Password', 'Password is required'],
    ] as const) {
      // The message is shown and tied to its field (aria-describedby).
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(page).toHaveURL(/\/new-user$/);

    await field(page, 'First Name').fill('Nadia');
    await field(page, 'Surname').fill(tag);
    await typePhone(page, '5321234567');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('Secret-123');
    // Typing into a field clears its message.
    await expect(page.getByText('First name is required', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'User created successfully!');
    await expect(page).toHaveURL(/\/users$/);
    await userSearch(page).fill(email);
    const row = userRow(page, email);
    await expect(row).toBeVisible();
    await expect(resultCount(page)).toHaveText('1 result');
    await expect(row).toContainText(`Nadia ${tag}`);
    await expect(row).toContainText('user');
    await expect(row).toContainText('✅ Active');

    // What was saved, as the server has it (the phone typed as a national number of Turkey).
    const listed = await request.get('/api/users', {
      headers: bearer(await adminToken(request)),
      params: { q: email },
    });
    const [saved] = await listed.json();
    expect(saved).toMatchObject({
      firstName: 'Nadia',
      surname: tag,
      email,
      phone: '905321234567',
      role: 'user',
      isActive: true,
    });

    // Edit: the row's Edit link; change the surname; the password left blank keeps the old one.
    await row.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-user/${saved.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit User', level: 1 })).toBeVisible();
    await expect(field(page, 'Surname')).toBeEnabled();
    await expect(field(page, 'First Name')).toHaveValue('Nadia');
    await expect(field(page, 'Email')).toHaveValue(email);
    await expect(field(page, 'Password')).toHaveValue('');
    await field(page, 'Surname').fill(`${tag}son`);
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'User updated!');
    await expect(page).toHaveURL(/\/users$/);
    await userSearch(page).fill(email);
    await expect(row).toContainText(`Nadia ${tag}son`);
    expect(
      (await request.post('/api/auth/login', { data: { email, password: 'Secret-123' } })).status(),
    ).toBe(200);

    // Deactivate, after the confirmation prompt.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to deactivate this user?');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();

    await expectToast(page, 'User deactivated successfully');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('❌ Inactive');
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
  });

  test('an inactive user is activated again after the confirmation prompt', async ({ page, request }) => {
    const user = await createUserViaApi(request, {
      firstName: 'Dormant',
      surname: uniqueTag(),
      isActive: false,
    });
    await logInAsAdmin(page);
    await openUsersAndSearch(page, user.email);
    const row = userRow(page, user.email);
    await expect(row).toContainText('❌ Inactive');

    // Cancelling changes nothing.
    await row.getByRole('button', { name: 'Activate' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to activate this user?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('❌ Inactive');

    await row.getByRole('button', { name: 'Activate' }).click();
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expectToast(page, 'User activated successfully');
    await expect(row).toContainText('✅ Active');
    await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  });

  test('the user form checks phone length and e-mail shape before saving', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/new-user');
    await field(page, 'First Name').fill('Shape');
    await field(page, 'Surname').fill('Checker');
    await typePhone(page, '123');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Password').fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Phone must be 6–15 digits', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email format', { exact: true })).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();

    await field(page, 'Email').fill('someone@example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Email must include a valid top‑level domain', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/new-user$/);
  });

  test('saving a user whose e-mail is taken shows the server’s message and stays on the form', async ({
    page,
    request,
  }) => {
    const existing = await createUserViaApi(request, { firstName: 'Taken', surname: 'Email' });
    await logInAsAdmin(page);
    await page.goto('/new-user');
    await field(page, 'First Name').fill('Second');
    await field(page, 'Surname').fill('Comer');
    await typePhone(page, '5321234567');
    await field(page, 'Email').fill(existing.email);
    await field(page, 'Password').fill('Secret-123');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'A user with this email already exists');
    await expect(page).toHaveURL(/\/new-user$/);
  });

  test('failures show the product’s fallback messages', async ({ page, request }) => {
    const user = await createUserViaApi(request, { firstName: 'Fallback', surname: uniqueTag() });
    await logInAsAdmin(page);

    // Save failure without a server text.
    await page.route('**/api/users', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/new-user');
    await field(page, 'First Name').fill('No');
    await field(page, 'Surname').fill('Server');
    await typePhone(page, '5321234567');
    await field(page, 'Email').fill(uniqueEmail('noserver'));
    await field(page, 'Password').fill('Secret-123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to save user');
    await expect(page).toHaveURL(/\/new-user$/);
    // What was typed is still not saved: leaving the form asks first.
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(page).toHaveURL(/\/users$/);

    // Activate/deactivate network failure.
    await page.route('**/api/users/*/deactivate', (route) => route.abort());
    await openUsersAndSearch(page, user.email);
    const row = userRow(page, user.email);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Error trying to deactivate user');
    await expect(row).toContainText('✅ Active');

    // The edit form cannot load its user (opened directly, so there is no record from the list).
    await page.route(`**/api/users/${user.id}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`/edit-user/${user.id}`);
    await expectToast(page, 'Failed to load user');
  });

  test('a list that cannot be loaded says "Failed to load users"', async ({ page }) => {
    await logInAsAdmin(page);
    await page.route(
      (url) => url.pathname === '/api/users',
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await expectToast(page, 'Failed to load users');
    // … and the table says so where the rows would be (toasts live outside the main area).
    await expect(page.getByRole('main').getByText('Failed to load users', { exact: true })).toBeVisible();
  });
});

test.describe('users list', () => {
  test('search, sort and a column filter narrow the list; "Clear All Filters" shows only while active', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await createUserViaApi(request, { firstName: 'Bravo', surname: tag });
    await createUserViaApi(request, { firstName: 'Alpha', surname: tag });
    await createUserViaApi(request, { firstName: 'Charlie', surname: tag, role: 'admin' });
    await logInAsAdmin(page);
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await expect(resultCount(page)).toBeVisible();
    const clearAll = page.getByRole('button', { name: 'Clear All Filters' });
    await expect(clearAll).toBeHidden();
    const names = userRows(page).locator('td:first-child');

    // Search is case-insensitive and matches the name.
    await userSearch(page).fill(tag.toLowerCase());
    await expect(resultCount(page)).toHaveText('3 results');
    await expect(clearAll).toBeVisible();

    // Sort by Name: ascending, then descending, then back to unsorted.
    const nameHeader = columnHeader(page, 'Name');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Charlie ${tag}`, `Bravo ${tag}`, `Alpha ${tag}`]);

    // Filter Role = Admin through the header popover.
    await page.getByRole('button', { name: 'Filter Role' }).click();
    const popover = page.getByRole('dialog', { name: 'Filter Role' });
    await expect(popover.getByRole('combobox', { name: 'Match mode' })).toHaveValue('containsIgnoreCase');
    await popover.getByRole('combobox', { name: 'Filter value' }).selectOption({ label: 'Admin' });
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect(popover).toBeHidden();
    await expect(resultCount(page)).toHaveText('1 result');
    await expect(names).toHaveText([`Charlie ${tag}`]);

    // The filter's Clear removes only that filter.
    await page.getByRole('button', { name: 'Filter Role' }).click();
    await popover.getByRole('button', { name: 'Clear' }).click();
    await expect(resultCount(page)).toHaveText('3 results');

    // A Name filter in "Equals" mode is exact and case-sensitive.
    await page.getByRole('button', { name: 'Filter Name' }).click();
    const nameFilter = page.getByRole('dialog', { name: 'Filter Name' });
    await nameFilter.getByRole('combobox', { name: 'Match mode' }).selectOption('equals');
    await nameFilter.getByRole('textbox', { name: 'Filter value' }).fill(`bravo ${tag}`);
    await nameFilter.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No Users Found – Try searching or add a new user.')).toBeVisible();
    await page.getByRole('button', { name: 'Filter Name' }).click();
    await nameFilter.getByRole('textbox', { name: 'Filter value' }).fill(`Bravo ${tag}`);
    await nameFilter.getByRole('button', { name: 'Apply' }).click();
    await expect(names).toHaveText([`Bravo ${tag}`]);

    // Clear All Filters resets search, sort and filters, and then hides itself.
    await clearAll.click();
    await expect(clearAll).toBeHidden();
    await expect(userSearch(page)).toHaveValue('');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(resultCount(page)).not.toHaveText('1 result');

    // A sort alone is enough to show the button; toggling it off hides it again.
    await page.getByRole('button', { name: 'Sort by Email' }).click();
    await expect(clearAll).toBeVisible();
    await page.getByRole('button', { name: 'Sort by Email' }).click();
    await page.getByRole('button', { name: 'Sort by Email' }).click();
    await expect(columnHeader(page, 'Email')).toHaveAttribute('aria-sort', 'none');
    await expect(clearAll).toBeHidden();
  });

  test('a search that matches nothing shows the empty state', async ({ page }) => {
    await logInAsAdmin(page);
    await openUsersAndSearch(page, `${uniqueTag()}-nobody`);
    await expect(page.getByText('No Users Found – Try searching or add a new user.')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 results');
  });

  test('the Status filter offers true and false', async ({ page, request }) => {
    const tag = uniqueTag();
    await createUserViaApi(request, { firstName: 'On', surname: tag });
    await createUserViaApi(request, { firstName: 'Off', surname: tag, isActive: false });
    await logInAsAdmin(page);
    await openUsersAndSearch(page, tag);
    await expect(resultCount(page)).toHaveText('2 results');

    await page.getByRole('button', { name: 'Filter Status' }).click();
    const popover = page.getByRole('dialog', { name: 'Filter Status' });
    const value = popover.getByRole('combobox', { name: 'Filter value' });
    await expect(value.getByRole('option')).toHaveText(['Any', 'true', 'false']);
    await value.selectOption('false');
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect(resultCount(page)).toHaveText('1 result');
    await expect(userRows(page)).toContainText([`Off ${tag}`]);
    await expect(userRows(page).first()).toContainText('❌ Inactive');
  });
});
