import { expect, test } from '@playwright/test';
import {
  adminApi,
  createAgencyViaApi,
  createContactViaApi,
  openAgencyTab,
  openPartnerFromList,
  uniquePartnerName,
} from './support/partners-setup';
import { logInAsAdmin } from './support/session';
import { sidebar } from './support/ui';

test.describe('partner detail', () => {
  test('a row of the Customers tab opens that customer', async ({ page, request }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api, { name: uniquePartnerName('Referrer') });
    const customer = await createContactViaApi(request, api, {
      type: 'CUSTOMER',
      name: 'Aylin',
      agencyId: agency.id,
    });

    await logInAsAdmin(page);
    await openPartnerFromList(page, agency.name);
    const customers = await openAgencyTab(page, 'Customers');
    const row = customers.locator('tbody').getByRole('row').filter({ hasText: customer.surname });
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText('CUSTOMER');
    await expect(row).toContainText(agency.name);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/customer/${customer.id}$`));
    await expect(page.getByRole('heading', { name: 'Customer Details', level: 1 })).toBeVisible();
    await expect(page.getByText(customer.surname).first()).toBeVisible();
  });

  test('the dashboard’s Agencies card counts a partner added through the form', async ({ page }) => {
    const name = uniquePartnerName('Counted');
    await logInAsAdmin(page);
    const count = page.getByTestId('count-agencies');
    await expect(count).toHaveText(/^\d+$/);
    const before = Number(await count.textContent());

    await page.getByRole('link', { name: /Agencies/ }).click();
    await expect(page.getByRole('heading', { name: 'All Partners', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add New Partner' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Office Number' }).fill('5427654321');
    await page
      .getByRole('textbox', { name: 'Email' })
      .fill(`${name.replace(/\s+/g, '.').toLowerCase()}@example.com`);
    await page.getByRole('textbox', { name: 'Country' }).fill('Turkey');
    await page.getByRole('option', { name: /^Turkey$|^Türkiye$/ }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Istanbul');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(count).toHaveText(String(before + 1));
  });
});
