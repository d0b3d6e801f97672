import { expect, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { choose, openSignedIn } from './support/contacts-ui';
import {
  adminApi,
  createAgencyViaApi,
  createContactViaApi,
  uniquePartnerName,
} from './support/partners-setup';

test.describe('small defects', () => {
  test('one Escape closes Add Staff: it opens with its contact list closed', async ({ page, request }) => {
    const session = await CrmApi.logIn(request);
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api, { name: uniquePartnerName('Escaped') });
    await createContactViaApi(request, api, { name: 'Selin', agencyId: agency.id });
    await openSignedIn(page, session, `/agency/${agency.id}`);

    await page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Contact' })).toBeFocused();
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the agency picker clears by keyboard: Tab reaches its clear button, Enter presses it', async ({
    page,
    request,
  }) => {
    const session = await CrmApi.logIn(request);
    const agency = await session.createAgency(`Cleared Agency ${uniqueSurname()}`);
    await openSignedIn(page, session, '/new-lead');
    await choose(page, 'Agency', agency.name, true);

    const picker = page.getByRole('textbox', { name: 'Agency', exact: true });
    await picker.focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    const clear = page.getByRole('button', { name: 'Clear' });
    await expect(clear).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue('');
    await expect(picker).toHaveAttribute('placeholder', 'Direct (No Agency)');
  });

  test('a first visit follows the system’s dark preference; a choice made later wins', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await context.close();
  });
});
