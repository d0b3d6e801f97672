import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName, seedLeads } from './support/contacts-api';
import { contactRow, contactRows, openSignedIn, rowAction, searchBox } from './support/contacts-ui';
import { uniqueTag } from './support/session';
import { expectToast, resultCount, toast } from './support/ui';

/** The total the list shows: "130 results", with or without thousands separators. */
async function expectTotal(page: Page, total: number): Promise<void> {
  const shown = `(${total}|${total.toLocaleString('en')})`;
  await expect(resultCount(page)).toHaveText(new RegExp(`^${shown} results?$`), { timeout: 15_000 });
}

function undoButton(page: Page) {
  return page.getByRole('alert').getByRole('button', { name: 'Undo' });
}

test.describe('bulk work and undo', () => {
  test('select all 130 matching leads, deactivate them as a job with progress, then undo it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const api = await CrmApi.logIn(request);
    // More than a page (50 rows) and more than the server changes within a request (100).
    await seedLeads(api, 130, (index) => ({ name: `Bulk${index}`, surname: tag }));
    const other = await api.createContact({ name: 'Untouched' });

    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(tag);
    await expectTotal(page, 130);
    await expect(contactRows(page).first()).toContainText(tag);

    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByRole('button', { name: 'Select all 130 matching' }).click();
    await expect(page.getByText('All 130 matching selected', { exact: true })).toBeVisible();
    await expect(page.getByText('130 selected', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Deactivate Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate selected contacts' });
    await expect(confirm).toContainText('Are you sure you want to deactivate the 130 selected contacts?');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();

    // A job: its progress shows until it ends, then the outcome with Undo.
    await expect(page.getByText(/^Deactivating [\d,]+ of 130…$/)).toBeVisible();
    await expectToast(page, 'Selected contacts deactivated!');
    await expectTotal(page, 0);
    await expect(page.getByText('All 130 matching selected', { exact: true })).toHaveCount(0);

    // The contacts outside the search stay.
    await searchBox(page).fill(other.surname);
    await expect(contactRow(page, fullName(other))).toBeVisible();
    await searchBox(page).fill(tag);
    await expectTotal(page, 0);

    await undoButton(page).click();
    await expectToast(page, 'Reactivated 130 contacts');
    await expectTotal(page, 130);
  });

  test('undo of one deactivation puts the lead back in the list', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Solo' });
    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(lead.surname);
    await expect(contactRows(page)).toHaveCount(1);

    await rowAction(page, fullName(lead), 'Deactivate');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Contact deactivated!');
    await expect(contactRows(page)).toHaveCount(0);

    await undoButton(page).click();
    await expectToast(page, 'Reactivated 1 contact');
    await expect(contactRow(page, fullName(lead))).toBeVisible();
  });

  test('undo of several deactivations reactivates exactly those leads', async ({ page, request }) => {
    const tag = uniqueTag();
    const api = await CrmApi.logIn(request);
    const leads = [];
    for (const name of ['Ada', 'Bora', 'Cem']) leads.push(await api.createContact({ name, surname: tag }));
    // Deactivated before: the undo must not bring it back.
    const gone = await api.createContact({ name: 'Gone', surname: tag });
    await api.deactivateContact(gone.id);

    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(tag);
    await expect(contactRows(page)).toHaveCount(3);
    for (const lead of leads) await page.getByRole('checkbox', { name: `Select ${fullName(lead)}` }).check();
    await page.getByRole('button', { name: 'Deactivate Selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Selected contacts deactivated!');
    await expect(contactRows(page)).toHaveCount(0);

    await undoButton(page).click();
    await expectToast(page, 'Reactivated 3 contacts');
    await expect(contactRows(page)).toHaveCount(3);
    await expect(contactRow(page, 'Gone')).toHaveCount(0);
    await expect(toast(page, 'Undo failed')).toHaveCount(0);
  });
});
