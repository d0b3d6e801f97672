import { expect, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { detailField, dialog, escapeRegExp, openSignedIn } from './support/contacts-ui';
import { expectToast } from './support/ui';

async function openEdit(page: Page, api: CrmApi, id: number) {
  await openSignedIn(page, api, `/lead/${id}`);
  await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit contact' }).click();
  const edit = dialog(page, 'Edit Contact Info');
  await expect(edit).toBeVisible();
  return edit;
}

test.describe('contact edit while someone else edits (versions)', () => {
  test('a change to another field made meanwhile is kept', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Deniz', city: 'Izmir', occupation: 'Chef' });
    const edit = await openEdit(page, api, lead.id);
    // Someone else changes the occupation while the dialog is open.
    await api.updateContact(lead, { occupation: 'Pilot' });
    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Contact updated');
    await expect(edit).toBeHidden();
    await expect(detailField(page, 'City')).toHaveText('Ankara');
    await expect(detailField(page, 'Occupation')).toHaveText('Pilot');
  });

  test('a change to the same field made meanwhile is explained, and Reload shows it', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Selin', city: 'Izmir' });
    const edit = await openEdit(page, api, lead.id);
    await api.updateContact(lead, { city: 'Bursa' });
    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await edit.getByRole('button', { name: 'Save' }).click();
    const alert = edit.getByRole('alert');
    await expect(alert).toContainText(
      new RegExp(
        `This contact was changed by ${escapeRegExp(api.user.name)} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC since you opened it\\.`,
      ),
    );
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Bursa');
    await expect(edit.getByRole('alert')).toBeHidden();
    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Contact updated');
    // The dialog leaves once saved, even after a reload of its form (it once stayed, empty).
    await expect(edit).toBeHidden();
    await expect(detailField(page, 'City')).toHaveText('Ankara');
  });
});
