import { expect, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { logInAsAdmin, uniqueTag } from './support/session';

test.describe('command palette', () => {
  test('finds a contact by a phone typed with spaces and a leading 0, from the dashboard with Ctrl+K', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const digits = `90548${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const contact = await api.createContact({ name: 'Palette', phone: digits });
    const local = `0${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 10)} ${digits.slice(10)}`;

    await logInAsAdmin(page);
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search everything' });
    await expect(box).toBeFocused();
    await box.fill(local);
    const option = page.getByRole('option', { name: new RegExp(fullName(contact)) });
    await expect(option).toBeVisible();
    // The phone in international format, as every screen writes it.
    const spaced = `+90 ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 10)} ${digits.slice(10)}`;
    await expect(option).toContainText(`Lead · ${spaced}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/lead/${contact.id}$`));
    await expect(page.getByText(fullName(contact)).first()).toBeVisible();
  });

  test('opens with /, runs an action, and goes places with g shortcuts; ? lists them', async ({ page }) => {
    await logInAsAdmin(page);
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Search everything' }).fill('new part');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/new-agency$/);

    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await expect(page).toHaveURL(/\/leads$/);
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expect(page).toHaveURL(/\/$/);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toContainText('Go to Customers');
    await expect(help).toContainText('Go to Users');
  });

  test('opens from the top bar button and groups what it finds', async ({ page, request }) => {
    const tag = uniqueTag();
    const api = await CrmApi.logIn(request);
    await api.createContact({ name: tag });
    await logInAsAdmin(page);
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
    await page.getByRole('combobox', { name: 'Search everything' }).fill(tag);
    await expect(page.getByRole('listbox', { name: 'Results' })).toContainText('Contacts');
  });
});
