import { expect, test } from '@playwright/test';
import {
  activityEntry,
  adminApi,
  agencyField,
  createAgencyViaApi,
  openAgencyTab,
  openPartnerList,
  uniquePartnerName,
} from './support/partners-setup';
import { logInAsAdmin } from './support/session';
import { expectToast } from './support/ui';

test.describe('partner form', () => {
  test('an empty partner is refused field by field; once filled in it is created and opened', async ({
    page,
  }) => {
    const name = uniquePartnerName('Harbour Homes');
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
    await logInAsAdmin(page);
    await openPartnerList(page);
    await page.getByRole('link', { name: 'Add New Partner' }).click();
    await expect(page).toHaveURL(/\/new-agency$/);
    await expect(page.getByRole('heading', { name: 'Add New Partner', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Name is required',
      'Office Number is required',
      'Email is required',
      'Country is required',
      'City is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/new-agency$/);

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Office Number' }).fill('5421234567');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Country' }).fill('Cyprus');
    await page.getByRole('option', { name: 'Cyprus', exact: true }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Kyrenia');
    // A corrected field loses its message at once.
    await expect(page.getByText('Name is required', { exact: true })).toBeHidden();
    await expect(page.getByText('City is required', { exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Agency created successfully!');
    await expect(page).toHaveURL(/\/agency\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Partner Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(agencyField(page, 'Email')).toHaveText(email);
    await expect(agencyField(page, 'Country')).toHaveText('Cyprus');
    await expect(agencyField(page, 'City')).toHaveText('Kyrenia');
    // The defaults of a new partner: 0 % commission, a company, its creator as sales rep.
    await expect(agencyField(page, 'Commission Rate')).toHaveText('0%');
    await expect(agencyField(page, 'Size')).toHaveText('Company');
    await expect(agencyField(page, 'Created By')).toHaveText('Administrator');
    const reps = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Assigned Sales Reps' }) });
    await expect(reps.getByRole('listitem')).toHaveCount(1);
    await expect(reps.getByRole('listitem')).toContainText('Administrator');
  });

  test('the edit dialog says when nothing changed, saves a new city and the change shows in Activities', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api, {
      name: uniquePartnerName('Editable'),
      city: 'Kyrenia',
    });
    await logInAsAdmin(page);
    await page.goto(`/agency/${agency.id}`);
    await expect(page.getByRole('heading', { name: agency.name, level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Edit agency info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit agency info' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Agency Name' })).toHaveValue(agency.name);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'No changes detected');
    await expect(dialog).toBeVisible();

    // A required field left empty is refused under the field itself.
    const nameBox = dialog.getByRole('textbox', { name: 'Agency Name' });
    await nameBox.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
    await nameBox.fill(agency.name);
    await expect(dialog.getByText('Name is required', { exact: true })).toBeHidden();

    await dialog.getByRole('textbox', { name: 'City' }).fill('Famagusta');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Agency updated!');
    await expect(dialog).toBeHidden();
    await expect(agencyField(page, 'City')).toHaveText('Famagusta');

    const activities = await openAgencyTab(page, 'Activities');
    const entry = activityEntry(activities, 'Kyrenia → Famagusta');
    await expect(entry).toBeVisible();
    await expect(entry.getByText('City', { exact: true })).toBeVisible();
    await expect(entry).toContainText('Administrator');
  });
});
