import { expect, type Locator, test } from '@playwright/test';
import { CrmApi, fullName, uniqueSurname } from './support/contacts-api';
import {
  choose,
  contactRows,
  detailField,
  dialog,
  openLeadsSignedIn,
  openSignedIn,
  rowAction,
  searchBox,
} from './support/contacts-ui';
import { expectToast } from './support/ui';

const CONVERSION_INPUTS = ['Nationality', 'Country of Residency', 'Source', 'Gender'] as const;

/** Which of the four conversion inputs the dialog shows. */
async function expectAsked(box: Locator, asked: readonly string[]): Promise<void> {
  for (const label of CONVERSION_INPUTS) {
    const input = box.getByRole('textbox', { name: label, exact: true });
    if (asked.includes(label)) await expect(input, `${label} is asked`).toBeVisible();
    else await expect(input, `${label} is not asked`).toHaveCount(0);
  }
}

test.describe('lead conversion (001 §2.4, §4)', () => {
  test('from the detail page a direct lead with a nationality and a source is asked residency and gender only', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Deniz', nationality: 'Germany', source: 'Instagram' });
    await openSignedIn(page, api, `/lead/${lead.id}`);
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Convert to Customer' }).click();
    const box = dialog(page, 'Convert to Customer');
    await expect(box).toContainText(`Convert ${fullName(lead)} to a customer?`);
    await expectAsked(box, ['Country of Residency', 'Gender']);

    const yes = box.getByRole('button', { name: 'Yes, Convert' });
    await expect(yes).toBeDisabled();
    await choose(box, 'Country of Residency', 'North Cyprus', true);
    await expect(yes).toBeDisabled();
    await choose(box, 'Gender', 'Female');
    await expect(yes).toBeEnabled();
    await yes.click();

    await expectToast(page, 'Lead successfully converted to customer!');
    await expect(page.getByRole('heading', { name: 'Customer Details', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/customer/${lead.id}$`));
    await expect(page.getByRole('button', { name: 'Convert to Customer' })).toHaveCount(0);
    await expect(detailField(page, 'Nationality')).toHaveText('Germany');
    await expect(detailField(page, 'Country of Residency')).toHaveText('North Cyprus');
    await expect(detailField(page, 'Gender')).toHaveText('Female');
  });

  test('a lead referred by an agency is never asked its source', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const agency = await api.createAgency(`Convert Agency ${uniqueSurname()}`);
    const lead = await api.createContact({ name: 'Kaan', agencyId: agency.id, source: null });
    await openSignedIn(page, api, `/lead/${lead.id}`);
    await expect(page.getByText(agency.name, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Convert to Customer' }).click();
    const box = dialog(page, 'Convert to Customer');
    await expectAsked(box, ['Nationality', 'Country of Residency', 'Gender']);
    const yes = box.getByRole('button', { name: 'Yes, Convert' });
    await choose(box, 'Nationality', 'Turkey', true);
    await choose(box, 'Country of Residency', 'Turkey', true);
    await expect(yes).toBeDisabled();
    await choose(box, 'Gender', 'Male');
    await yes.click();

    await expectToast(page, 'Lead successfully converted to customer!');
    await expect(page.getByRole('heading', { name: 'Customer Details', level: 1 })).toBeVisible();
  });

  test('Convert in the list’s row menu asks only the missing nationality, residency and gender', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Listed', residency: 'Turkey' });
    await openLeadsSignedIn(page, api);
    await searchBox(page).fill(lead.surname);
    await expect(contactRows(page)).toHaveCount(1);

    await rowAction(page, fullName(lead), 'Convert');
    const box = dialog(page, 'Convert Lead to Customer');
    await expectAsked(box, ['Nationality', 'Gender']);
    const yes = box.getByRole('button', { name: 'Yes, Convert' });
    await expect(yes).toBeDisabled();
    await choose(box, 'Nationality', 'Greece', true);
    await choose(box, 'Gender', 'Male');
    await yes.click();

    await expectToast(page, 'Lead successfully converted to customer!');
    await expect(box).toBeHidden();
    await expect(contactRows(page)).toHaveCount(0);
    await expect(page.getByText('No Leads Found', { exact: true })).toBeVisible();
  });
});
