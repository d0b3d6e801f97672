import { expect, test } from '@playwright/test';
import { CrmApi, fullName, isoDateFromToday, uniqueSurname } from './support/contacts-api';
import {
  cellUnder,
  confirm,
  contactRow,
  contactRows,
  dialog,
  openLeads,
  openLeadsSignedIn,
  openSignedIn,
  searchBox,
} from './support/contacts-ui';
import { createUserViaApi, logInThroughForm, newPersonPage } from './support/session';
import { expectToast } from './support/ui';

test.describe('admin bulk actions on /leads (001 §2.2, §4)', () => {
  test('two selected leads are deactivated together and leave the list', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const first = await api.createContact({ name: 'Bulkone', surname });
    const second = await api.createContact({ name: 'Bulktwo', surname });
    const kept = await api.createContact({ name: 'Bulkkept', surname });

    await openLeadsSignedIn(page, api);
    const deactivate = page.getByRole('button', { name: 'Deactivate Selected' });
    await expect(deactivate).toBeDisabled();
    await searchBox(page).fill(surname);
    await expect(contactRows(page)).toHaveCount(3);

    await page.getByRole('checkbox', { name: `Select ${fullName(first)}` }).check();
    await page.getByRole('checkbox', { name: `Select ${fullName(second)}` }).check();
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
    await deactivate.click();
    await confirm(page, 'Deactivate selected contacts', 'Deactivate');
    await expectToast(page, 'Selected contacts deactivated!');

    await expect(contactRows(page)).toHaveCount(1);
    await expect(contactRow(page, fullName(kept))).toBeVisible();
    await expect(contactRow(page, fullName(first))).toHaveCount(0);
    await expect(contactRow(page, fullName(second))).toHaveCount(0);
  });

  test('Reassign Owner waits for a user, then the Assigned To column names that user', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const one = await api.createContact({ name: 'Ownerone', surname });
    const two = await api.createContact({ name: 'Ownertwo', surname });
    const rep = await createUserViaApi(request, { firstName: 'Reassigned', surname: uniqueSurname() });

    await openLeadsSignedIn(page, api);
    await searchBox(page).fill(surname);
    await expect(contactRows(page)).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(page.getByRole('checkbox', { name: `Select ${fullName(one)}` })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: `Select ${fullName(two)}` })).toBeChecked();

    await page.getByRole('button', { name: 'Reassign Owner' }).click();
    const box = dialog(page, 'Reassign Owner');
    await expect(box).toContainText('Assign the 2 selected contacts to:');
    const confirmButton = box.getByRole('button', { name: 'Confirm' });
    await expect(confirmButton).toBeDisabled();
    const userInput = box.getByRole('textbox', { name: 'User' });
    await userInput.click();
    await userInput.fill(rep.surname);
    await page.getByRole('option', { name: rep.name, exact: true }).click();
    await expect(confirmButton).toBeEnabled();
    await confirmButton.click();

    await expectToast(page, 'Contacts reassigned!');
    await expect(box).toBeHidden();
    for (const contact of [one, two]) {
      const row = contactRow(page, fullName(contact));
      await expect(await cellUnder(page, row, 'Assigned To')).toHaveText(rep.name);
      await expect(await cellUnder(page, row, 'Created By')).toHaveText(api.user.name);
    }
  });
});

test.describe('what a non-admin does not see (001 §6)', () => {
  test('no checkboxes, bulk buttons or Deactivate on /leads', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Plainview' });
    const user = await createUserViaApi(request, { firstName: 'Plain', surname: 'User' });

    await logInThroughForm(page, user.email, user.password);
    await openLeads(page);
    await searchBox(page).fill(lead.surname);
    await expect(contactRow(page, fullName(lead))).toBeVisible();

    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deactivate Selected' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reassign Owner' })).toHaveCount(0);
    await page.getByRole('button', { name: `Actions for ${fullName(lead)}` }).click();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Convert' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
  });

  test('no inactive notes or files on a detail page, while the admin sees them marked', async ({
    page,
    request,
    browser,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Hidden' });
    const validUntil = isoDateFromToday(30);
    await api.addNote(lead.id, `<p>Visible note ${lead.surname}</p>`);
    const gone = await api.addNote(lead.id, `<p>Deleted note ${lead.surname}</p>`);
    await api.deleteNote(lead.id, gone.id);
    await api.uploadFile(lead.id, { name: 'visible.txt', content: 'visible', validUntil });
    const removed = await api.uploadFile(lead.id, { name: 'removed.txt', content: 'removed', validUntil });
    await api.deactivateFile(removed.id);
    const user = await createUserViaApi(request, { firstName: 'Limited', surname: 'Viewer' });

    await openSignedIn(page, await CrmApi.logIn(request, user.email, user.password), `/lead/${lead.id}`);
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Visible note ${lead.surname}` })).toBeVisible();
    await expect(page.getByText(`Deleted note ${lead.surname}`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reactivate' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByRole('link', { name: 'visible.txt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'removed.txt' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
    await expect(page.getByText('User deleted file')).toHaveCount(0);

    // The admin sees both, the deleted ones marked.
    const admin = await newPersonPage(browser);
    await openSignedIn(admin, api, `/lead/${lead.id}`);
    await expect(
      admin
        .getByRole('row')
        .filter({ hasText: `Deleted note ${lead.surname}` })
        .getByRole('button', {
          name: 'Reactivate',
        }),
    ).toBeVisible();
    await admin.getByRole('tab', { name: 'Files' }).click();
    const removedRow = admin
      .getByRole('row')
      .filter({ has: admin.getByRole('link', { name: 'removed.txt' }) });
    await expect(removedRow).toContainText('User deleted file');
    await expect(removedRow.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    await admin.context().close();
  });
});
