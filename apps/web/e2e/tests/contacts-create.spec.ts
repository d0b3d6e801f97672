import { expect, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { cellUnder, choose, contactRow, openSignedIn, searchLeads } from './support/contacts-ui';
import { logInAsAdmin } from './support/session';
import { expectToast } from './support/ui';

test.describe('new lead form (001 §2.3, §5)', () => {
  test('an empty submit names every missing field; once fixed the lead is created and the form resets', async ({
    page,
  }) => {
    const surname = uniqueSurname();
    await logInAsAdmin(page);
    await page.goto('/new-lead');
    await expect(page.getByRole('heading', { name: 'Add New Lead', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Agency' })).toHaveAttribute(
      'placeholder',
      'Direct (No Agency)',
    );

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    for (const message of [
      'First name is required',
      'Surname is required',
      'Phone is required',
      'Source is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    const firstName = page.getByRole('textbox', { name: 'First Name' });
    const surnameInput = page.getByRole('textbox', { name: 'Surname' });
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await firstName.fill('Selin');
    await expect(page.getByText('First name is required', { exact: true })).toBeHidden();
    await surnameInput.fill(surname);
    await phone.fill('5321234567');
    await choose(page, 'Source', 'Facebook');
    await expect(page.getByText('Source is required', { exact: true })).toBeHidden();
    await expect(page.getByText('Phone is required', { exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');

    // The form starts again, empty.
    await expect(firstName).toHaveValue('');
    await expect(surnameInput).toHaveValue('');
    await expect(phone).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Source' })).toHaveValue('');

    await searchLeads(page, surname, 1);
    await expect(contactRow(page, `Selin ${surname}`)).toBeVisible();
    await expect(contactRow(page, `Selin ${surname}`)).toContainText('532 123 45 67');
  });

  test('choosing an agency hides Source; the lead is created with the agency', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const agency = await api.createAgency(`Form Agency ${uniqueSurname()}`);
    const surname = uniqueSurname();
    await openSignedIn(page, api, '/new-lead');
    await expect(page.getByRole('textbox', { name: 'Source' })).toBeVisible();

    await choose(page, 'Agency', agency.name, true);
    await expect(page.getByRole('textbox', { name: 'Source' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'First Name' }).fill('Agnes');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5321234568');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');

    // The search also matches the agency's name.
    await searchLeads(page, agency.name, 1);
    await expect(await cellUnder(page, contactRow(page, `Agnes ${surname}`), 'Agency')).toHaveText(
      agency.name,
    );
  });

  test('a customer also needs a nationality, a residency and a gender', async ({ page, request }) => {
    await openSignedIn(page, await CrmApi.logIn(request), '/new-customer');
    await expect(page.getByRole('heading', { name: 'Add New Customer', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    for (const message of [
      'First name is required',
      'Surname is required',
      'Phone is required',
      'Source is required',
      'Invalid email format',
      'Nationality is required',
      'Residency is required',
      'Gender is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // With the calling code 90 this is three digits.
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Phone must be 6–15 digits', { exact: true })).toBeVisible();
  });
});
