import { expect, test } from '@playwright/test';
import {
  activityEntry,
  adminApi,
  createAgencyViaApi,
  createContactViaApi,
  openAgencyTab,
  openPartnerFromList,
  staffMember,
  uniquePartnerName,
} from './support/partners-setup';
import { logInAsAdmin } from './support/session';
import { expectToast } from './support/ui';

test.describe('partner staff', () => {
  test('an admin adds staff from the partner’s own contacts, sees it in Activities and toggles it', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api, { name: uniquePartnerName('Staffed') });
    const other = await createAgencyViaApi(request, api, { name: uniquePartnerName('Elsewhere') });
    const first = await createContactViaApi(request, api, { name: 'Selin', agencyId: agency.id });
    const second = await createContactViaApi(request, api, { name: 'Deniz', agencyId: agency.id });
    const outsider = await createContactViaApi(request, api, { name: 'Outsider', agencyId: other.id });

    await logInAsAdmin(page);
    await openPartnerFromList(page, agency.name);
    await expect(page.getByText('No Staff Found', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Position' })).toHaveValue('Sales Representative');
    const addButton = dialog.getByRole('button', { name: 'Add Staff' });
    await expect(addButton).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Contact' }).click();
    await expect(dialog.getByRole('option', { name: first.fullName })).toBeVisible();
    await expect(dialog.getByRole('option', { name: second.fullName })).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveCount(2);
    await expect(dialog.getByRole('option', { name: outsider.fullName })).toHaveCount(0);
    await dialog.getByRole('option', { name: first.fullName }).click();
    await addButton.click();

    await expectToast(page, 'Staff added successfully!');
    await expect(dialog).toBeHidden();
    const member = staffMember(page, first.fullName);
    await expect(member).toContainText('Sales Representative');
    await expect(member).toContainText('Active');
    await expect(page.getByText('No Staff Found', { exact: true })).toBeHidden();

    // The new member is no longer offered; Escape closes the list, then the dialog.
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await dialog.getByRole('textbox', { name: 'Contact' }).click();
    await expect(dialog.getByRole('option', { name: second.fullName })).toBeVisible();
    await expect(dialog.getByRole('option', { name: first.fullName })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('option', { name: second.fullName })).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const activities = await openAgencyTab(page, 'Activities');
    const added = activityEntry(activities, 'ADDED: SALES REPRESENTATIVE');
    await expect(added).toBeVisible();
    await expect(added).toContainText(first.name);

    await member.getByRole('button', { name: `Deactivate ${first.fullName}` }).click();
    await expectToast(page, 'Staff status updated!');
    await expect(member).toContainText('Inactive');
    await expect(member.getByRole('button', { name: `Activate ${first.fullName}` })).toBeVisible();

    await member.getByRole('button', { name: `Activate ${first.fullName}` }).click();
    await expect(member.getByRole('button', { name: `Deactivate ${first.fullName}` })).toBeVisible();
    await expect(member).not.toContainText('Inactive');
  });
});
