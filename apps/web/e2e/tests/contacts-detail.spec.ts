import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import {
  calendarDayLabel,
  confirm,
  detailField,
  dialog,
  escapeRegExp,
  openSignedIn,
  searchBox,
} from './support/contacts-ui';
import { createUserViaApi, newPersonPage } from './support/session';
import { expectToast } from './support/ui';

async function openDetail(page: Page, session: CrmApi, id: number, title = 'Lead Details'): Promise<void> {
  await openSignedIn(page, session, `/lead/${id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test.describe('contact detail: edit (001 §2.4, §4)', () => {
  test('saving without changes says so; a changed city is saved and read in Activities; a click outside closes the dialog', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Emre', city: 'Izmir' });
    await openDetail(page, api, lead.id);
    await expect(detailField(page, 'City')).toHaveText('Izmir');

    await page.getByRole('button', { name: 'Edit contact' }).click();
    const edit = dialog(page, 'Edit Contact Info');
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'First Name' })).toHaveValue('Emre');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'No changes detected');
    await expect(edit).toBeVisible();

    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Contact updated');
    await expect(edit).toBeHidden();
    await expect(detailField(page, 'City')).toHaveText('Ankara');

    await page.getByRole('tab', { name: 'Activities' }).click();
    await expect(
      page.getByText(
        new RegExp(
          `^${escapeRegExp(api.user.name)} changed City from Izmir to Ankara on \\d{2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`,
        ),
      ),
    ).toBeVisible();

    // The dialog closes on a click outside it.
    await page.getByRole('button', { name: 'Edit contact' }).click();
    await expect(edit).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(edit).toBeHidden();
  });
});

test.describe('contact detail: notes (001 §2.4, §4)', () => {
  test('a user adds, views and deletes a note; an admin still sees it and reactivates it', async ({
    page,
    request,
    browser,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Nora' });
    const user = await createUserViaApi(request, { firstName: 'Noted', surname: 'Writer' });
    const noteText = `Called back about the flat, ${lead.surname}`;

    await openDetail(page, await CrmApi.logIn(request, user.email, user.password), lead.id);
    await expect(page.getByText('No notes available.', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Notes' }).click();
    const add = dialog(page, 'Add Notes');
    await add.getByRole('textbox', { name: 'Note' }).click();
    await page.keyboard.type(noteText);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note added');
    await expect(add).toBeHidden();

    const noteRow = page.getByRole('row').filter({ hasText: noteText });
    await expect(noteRow).toBeVisible();
    await expect(noteRow).toContainText(user.name);

    await noteRow.getByRole('button', { name: 'View' }).click();
    const details = dialog(page, 'Note Details');
    await expect(details.getByText(noteText, { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    await noteRow.getByRole('button', { name: 'Delete' }).click();
    await confirm(page, 'Delete note', 'Delete');
    await expectToast(page, 'Note deleted');
    await expect(noteRow).toHaveCount(0);
    await expect(page.getByText('No notes available.', { exact: true })).toBeVisible();

    // The admin still sees the deleted note, marked, and can bring it back.
    const admin = await newPersonPage(browser);
    await openDetail(admin, api, lead.id);
    const deleted = admin.getByRole('row').filter({ hasText: noteText });
    await expect(deleted).toContainText('Deleted');
    await expect(deleted.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await deleted.getByRole('button', { name: 'Reactivate' }).click();
    await confirm(admin, 'Reactivate note', 'Reactivate');
    await expectToast(admin, 'Note reactivated');
    await expect(deleted).not.toContainText('Deleted');
    await expect(deleted.getByRole('button', { name: 'Delete' })).toBeVisible();
    await admin.context().close();

    // Active again, the user sees it again.
    await page.reload();
    await expect(noteRow).toBeVisible();
  });
});

test.describe('contact detail: files (001 §2.4, §5)', () => {
  test('a file needs a valid-until date before Upload; the uploaded file opens from its link', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Filiz' });
    const content = `Passport scan of ${fullName(lead)}`;
    await openDetail(page, api, lead.id);
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByText('No files uploaded for this contact.', { exact: true })).toBeVisible();

    // More than 5 MB is refused before the dialog opens.
    const tooBig = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file to upload' }).click();
    await (await tooBig).setFiles({
      name: 'too-big.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
    });
    await expectToast(page, 'File size exceeds 5MB limit');
    await expect(dialog(page, 'Upload File')).toHaveCount(0);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file to upload' }).click();
    await (await chooser).setFiles({
      name: 'passport.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(content),
    });

    const upload = dialog(page, 'Upload File');
    await expect(upload.getByText('passport.txt', { exact: true })).toBeVisible();
    const uploadButton = upload.getByRole('button', { name: 'Upload' });
    await expect(uploadButton).toBeDisabled();
    await upload.getByRole('textbox', { name: 'Custom file name' }).fill(`Passport ${lead.surname}`);
    await expect(uploadButton).toBeDisabled();

    const today = new Date();
    await upload.getByRole('textbox', { name: 'Valid until' }).click();
    await page.getByRole('button', { name: calendarDayLabel(today), exact: true }).click();
    await expect(uploadButton).toBeEnabled();
    await uploadButton.click();
    await expectToast(page, 'File uploaded successfully');
    await expect(upload).toBeHidden();

    const link = page.getByRole('link', { name: new RegExp(`^Passport ${lead.surname}`) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    const fileRow = page.getByRole('row').filter({ has: link });
    await expect(fileRow).toContainText(displayDate(today));
    await expect(fileRow).toContainText('Active');

    const popupPromise = page.waitForEvent('popup');
    await link.click();
    const popup = await popupPromise;
    await expect(popup.locator('body')).toContainText(content);
    await popup.close();

    const href = await link.getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe(content);

    // Delete names the file; the admin still sees it, marked, and reactivates it.
    await fileRow.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page, 'Delete file')).toContainText(
      `Are you sure you want to delete "Passport ${lead.surname}`,
    );
    await confirm(page, 'Delete file', 'Delete');
    await expectToast(page, 'File deleted');
    await expect(fileRow).toContainText('User deleted file');
    await fileRow.getByRole('button', { name: 'Reactivate' }).click();
    await confirm(page, 'Reactivate file', 'Reactivate');
    await expectToast(page, 'File reactivated');
    await expect(fileRow).toContainText('Active');
    await expect(fileRow.getByRole('button', { name: 'Delete' })).toBeVisible();
  });
});

test.describe('contact detail: other states (001 §2.4, §5)', () => {
  test('a contact that does not exist reads "Contact not found."', async ({ page, request }) => {
    await openSignedIn(page, await CrmApi.logIn(request), '/lead/987654321');
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
    await expect(page.getByText('Contact not found.', { exact: true })).toBeVisible();
  });

  test('another contact with the same phone raises the duplicate warning', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const first = await api.createContact({ name: 'Twin' });
    const second = await api.createContact({ name: 'Other', phone: first.phone });
    await openDetail(page, api, first.id);
    const warning = page.getByRole('alert').filter({ hasText: 'Possible duplicate contact' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: fullName(second) })).toBeVisible();
    await expect(warning).toContainText('has the same phone');
  });

  test('the admin’s Deactivate (named as in the list) asks “Are you sure you want to delete {name}?” and the lead leaves the list', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Removed' });
    await openDetail(page, api, lead.id);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(dialog(page, 'Deactivate contact')).toContainText(
      `Are you sure you want to delete ${fullName(lead)}?`,
    );
    await confirm(page, 'Deactivate contact', 'Deactivate');
    await expectToast(page, 'Contact deactivated!');
    await expect(page).toHaveURL(/\/leads$/);
    await searchBox(page).fill(lead.surname);
    await expect(page.getByText('No Leads Found', { exact: true })).toBeVisible();
  });
});

/** "05.03.2025", as the app writes dates (day first). */
function displayDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}
