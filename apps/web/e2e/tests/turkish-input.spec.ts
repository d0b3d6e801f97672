import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { choose, openSignedIn, rowAction, searchLeads } from './support/contacts-ui';
import { bearer } from './support/session';
import { expectToast } from './support/ui';

/** Issue 24, point 3: what a Turkish office types is understood, and never silently changed. */

const UNREADABLE_BIRTHDAY = 'Birthday is not a date: write it as dd.mm.yyyy, such as 08.12.1992';
const AMBIGUOUS_BUDGET =
  'Budget is not a clear amount: write 250.000 or 250,000 for thousands, 250.000,50 or 250,000.50 with pence';

/**
 * Types as a person does, key by key (a fill would paste the whole text at once), then leaves the
 * field with Tab (which also closes the birthday's calendar).
 */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.pressSequentially(text, { delay: 25 });
  await input.press('Tab');
}

async function fillLead(page: Page, surname: string): Promise<void> {
  await typeInto(page, 'First Name', 'Ayşe');
  await typeInto(page, 'Surname', surname);
  await choose(page, 'Source', 'Facebook');
}

test.describe('Turkish input in the contact form', () => {
  // Typing key by key on a busy two-core machine takes a while.
  test.describe.configure({ timeout: 120_000 });

  test('08.12.1992, 250.000 and 0532 123 45 67 are saved as 8 December 1992, £250,000 and +90 532 123 45 67', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    await openSignedIn(page, api, '/new-lead');
    await expect(page.getByRole('heading', { name: 'Add New Lead', level: 1 })).toBeVisible();

    await fillLead(page, surname);
    await typeInto(page, 'Phone', '0532 123 45 67');
    await typeInto(page, 'Birthday', '08.12.1992');
    await typeInto(page, 'Budget', '250.000');
    // What was typed stays as typed: no digit lost, the date still day first, the dots kept.
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(/532.?123.?45.?67$/);
    await expect(page.getByRole('textbox', { name: 'Birthday' })).toHaveValue('08.12.1992');
    await expect(page.getByRole('textbox', { name: 'Budget' })).toHaveValue('250.000');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');

    await searchLeads(page, surname, 1);
    await rowAction(page, `Ayşe ${surname}`, 'View');
    await expect(page).toHaveURL(/\/lead\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const main = page.getByRole('main');
    await expect(main.getByText('08.12.1992', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(main.getByText('£250,000', { exact: true })).toBeVisible();
    await expect(main.getByText('+90 532 123 45 67', { exact: true }).first()).toBeVisible();

    // The record itself, as the API answers it.
    const res = await request.get(`/api/contacts/${id}`, { headers: bearer(api.token) });
    const saved = (await res.json()) as {
      birthday: string;
      budget: number;
      phone: string;
      countryCode: string;
    };
    expect(saved).toMatchObject({
      birthday: '1992-12-08',
      budget: 250000,
      phone: '905321234567',
      countryCode: '+90',
    });

    // The edit dialog shows the same values, and saving them unchanged changes nothing.
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact Info' });
    await expect(edit.getByRole('textbox', { name: 'Birthday' })).toHaveValue('08.12.1992');
    await expect(edit.getByRole('textbox', { name: 'Budget' })).toHaveValue('250,000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'No changes detected');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // The palette writes the phone in international format too.
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search everything' });
    await expect(box).toBeFocused();
    await box.pressSequentially(surname, { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(`Ayşe ${surname}`) });
    await expect(option).toContainText('Lead · +90 532 123 45 67');
  });

  test('an ambiguous amount and a date that is no date are refused with their messages', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    await openSignedIn(page, api, '/new-lead');
    await fillLead(page, surname);
    await typeInto(page, 'Phone', '0532 765 43 21');

    await typeInto(page, 'Birthday', '31.02.1992');
    await typeInto(page, 'Budget', '1.234,5.6');
    // Leaving the date says at once that it cannot be read, and the text stays for correcting.
    await expect(page.getByText(UNREADABLE_BIRTHDAY, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Birthday' })).toHaveValue('31.02.1992');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(AMBIGUOUS_BUDGET, { exact: true })).toBeVisible();
    await expect(page.getByText(UNREADABLE_BIRTHDAY, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Budget' })).toHaveValue('1.234,5.6');

    // Nothing was saved, nothing guessed.
    const found = await request.get(`/api/contacts?type=lead&q=${encodeURIComponent(surname)}`, {
      headers: bearer(api.token),
    });
    expect(JSON.stringify(await found.json())).not.toContain(surname);

    // Once written clearly, the same form saves.
    const budget = page.getByRole('textbox', { name: 'Budget' });
    await budget.fill('');
    await budget.pressSequentially('1.234,56', { delay: 25 });
    await expect(page.getByText(AMBIGUOUS_BUDGET, { exact: true })).toBeHidden();
    const birthday = page.getByRole('textbox', { name: 'Birthday' });
    await birthday.fill('');
    await birthday.pressSequentially('28.02.1992', { delay: 25 });
    await birthday.press('Tab');
    await expect(page.getByText(UNREADABLE_BIRTHDAY, { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');
  });

  test('the merge screen shows labels, pounds and international phones, not stored codes', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const kept = await api.createContact({ name: 'Deniz', surname, preferredPayment: 'CASH', budget: 0 });
    const other = await api.createContact({
      name: 'Deniz',
      surname,
      phone: '905321234599',
      preferredPayment: 'CREDIT',
      budget: 320000,
    });
    await openSignedIn(page, api, `/merge/contacts/${kept.id}/${other.id}`);
    await expect(page.getByRole('heading', { name: 'Merge contacts', level: 1 })).toBeVisible();
    const keep = (field: string, id: number, value: string) =>
      page.getByRole('radio', { name: `Keep ${field} from Record #${id}: ${value}`, exact: true });
    await expect(keep('Preferred Payment', other.id, 'Credit')).toBeVisible();
    await expect(keep('Preferred Payment', kept.id, 'Cash')).toBeVisible();
    await expect(keep('Budget', other.id, '£320,000')).toBeVisible();
    await expect(keep('Budget', kept.id, 'empty')).toBeVisible();
    await expect(keep('Phone', other.id, '+90 532 123 45 99')).toBeVisible();
    await expect(page.getByText('CREDIT', { exact: true })).toHaveCount(0);
  });
});
