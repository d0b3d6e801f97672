import { expect, test } from '@playwright/test';
import {
  addStaffViaApi,
  adminApi,
  createAgencyViaApi,
  createContactViaApi,
  openPartnerList,
  partnerRow,
  partnerSearch,
  staffMember,
  tableRows,
} from './support/partners-setup';
import { createUserViaApi, logInAsAdmin, logInThroughForm, uniqueTag } from './support/session';
import { expectToast, resultCount, toast } from './support/ui';

test.describe('All Partners', () => {
  test('an admin deactivates two partners at once; selecting only inactive ones has nothing to update', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    const first = await createAgencyViaApi(request, api, { name: `Bulk One ${tag}` });
    const second = await createAgencyViaApi(request, api, { name: `Bulk Two ${tag}` });

    await logInAsAdmin(page);
    await openPartnerList(page);
    await partnerSearch(page).fill(tag);
    await expect(resultCount(page)).toHaveText('2 results');
    await expect(tableRows(page)).toHaveCount(2);
    const deactivateSelected = page.getByRole('button', { name: 'Deactivate Selected' });
    await expect(deactivateSelected).toBeDisabled();

    await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
    await deactivateSelected.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deactivation' });
    await expect(confirm).toContainText('Are you sure you want to deactivate 2 agencies?');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();

    await expectToast(page, 'Deactivated 2 agencies successfully');
    await expect(confirm).toBeHidden();
    await expect(partnerRow(page, first.name)).toContainText('Inactive');
    await expect(partnerRow(page, second.name)).toContainText('Inactive');
    await expect(page.getByRole('checkbox', { name: `Select ${first.name}` })).not.toBeChecked();

    // Both are inactive already: nothing would change, so no confirmation is asked.
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(page.getByRole('checkbox', { name: `Select ${second.name}` })).toBeChecked();
    await deactivateSelected.click();
    await expectToast(page, 'Nothing to update');
    await expect(page.getByRole('dialog', { name: 'Confirm Deactivation' })).toHaveCount(0);
  });

  test('a user who is not an admin gets no selection, bulk, row status, Add Staff or staff toggles', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api);
    const contact = await createContactViaApi(request, api, { name: 'Kerem', agencyId: agency.id });
    await addStaffViaApi(request, api, agency.id, contact.id);
    const user = await createUserViaApi(request, { firstName: 'Plain', surname: 'User' });

    await logInThroughForm(page, user.email, user.password);
    await openPartnerList(page);
    await partnerSearch(page).fill(agency.name);
    const row = partnerRow(page, agency.name);
    await expect(row).toContainText('Active');
    await expect(tableRows(page)).toHaveCount(1);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deactivate Selected' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Activate Selected' })).toHaveCount(0);

    await row.getByRole('button', { name: `Actions for ${agency.name}` }).click();
    const view = page.getByRole('menuitem', { name: 'View' });
    await expect(view).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(1);
    await view.click();

    await expect(page).toHaveURL(new RegExp(`/agency/${agency.id}$`));
    const member = staffMember(page, contact.fullName);
    await expect(member).toContainText('Sales Representative');
    await expect(member.getByRole('link', { name: `View ${contact.fullName}` })).toBeVisible();
    await expect(member.getByRole('button', { name: /Deactivate|Activate/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Staff' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deactivate Selected' })).toHaveCount(0);
    await expect(toast(page, 'Failed to fetch staff')).toHaveCount(0);
  });
});
