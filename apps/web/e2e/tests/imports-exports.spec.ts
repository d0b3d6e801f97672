import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniquePhone, uniqueSurname } from './support/contacts-api';
import { confirm, contactRows, openLeadsSignedIn, searchBox } from './support/contacts-ui';
import {
  adminApi,
  createAgencyViaApi,
  createContactViaApi,
  openAgencyTab,
  openPartnerFromList,
  uniquePartnerName,
} from './support/partners-setup';
import { logInAsAdmin } from './support/session';
import { sidebar } from './support/ui';

async function countOf(page: Page, label: string) {
  return page.getByTestId(`count-${label.toLowerCase().replace(/\s+/g, '-')}`);
}

test.describe('import and export (issue: bring the data in and take it out)', () => {
  test('import a CSV with bad rows: read the preview, fix the mapping, run it, see the leads, undo it', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const csv = [
      'First Name;Surname;E-Mail;Mobile No;Lead Source',
      `Aylin;${surname};aylin.${surname}@example.org;${uniquePhone()};Facebook`,
      `Burak;${surname};burak.${surname}@example.org;${uniquePhone()};Secondary`,
      `Ceren;${surname};ceren.${surname}@example.org;12345;Instagram`,
      `Deniz;${surname};deniz.${surname}@example.org;${uniquePhone()};Walk-in`,
    ].join('\r\n');

    await openLeadsSignedIn(page, api);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import Leads' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: `${surname}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}\r\n`),
    });
    await page.getByRole('button', { name: 'Upload and map columns' }).click();
    await expect(page.getByRole('heading', { name: `Import ${surname}.csv` })).toBeVisible();
    await expect(page.getByTestId('import-state')).toHaveText('Uploaded');
    // "Mobile No" is not a name the import knows: it is ignored until the person maps it.
    await expect(page.getByRole('textbox', { name: 'Field for column Mobile No' })).toHaveValue(
      'Ignore this column',
    );
    await expect(page.getByRole('textbox', { name: 'Field for column E-Mail' })).toHaveValue('E-Mail');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Checked');
    await expect(await countOf(page, 'Errors')).toHaveText('4');
    await expect(
      page.getByRole('table', { name: 'Rows of the preview' }).getByText('Phone is required').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run import' })).toBeEnabled();

    // Fix the mapping: the Run button waits for a preview of the new settings.
    const phoneField = page.getByRole('textbox', { name: 'Field for column Mobile No' });
    await phoneField.click();
    await page.getByRole('option', { name: 'Phone Number', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Run import' })).toBeDisabled();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(await countOf(page, 'New')).toHaveText('2');
    await expect(await countOf(page, 'Errors')).toHaveText('2');
    const previewRows = page.getByRole('table', { name: 'Rows of the preview' });
    await expect(previewRows.getByText('Phone must be 6–15 digits')).toBeVisible();
    await expect(
      previewRows.getByText(
        'Source must be one of Direct Call, Facebook, Google Ads, Referral, Instagram, Walk-in',
      ),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Run import' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Imported');
    await expect(page.getByTestId('import-progress-text')).toContainText('4 of 4 rows · 2 errors');
    await expect(await countOf(page, 'Created')).toHaveText('2');
    await expect(await countOf(page, 'Errors')).toHaveText('2');

    await page.getByRole('link', { name: 'Open the list' }).click();
    await searchBox(page).fill(surname);
    await expect(contactRows(page)).toHaveCount(2);
    await expect(contactRows(page).filter({ hasText: `Aylin ${surname}` })).toBeVisible();

    // Undo from the import history, found in the sidebar.
    await sidebar(page).getByRole('link', { name: 'Imports' }).click();
    await expect(page.getByRole('heading', { name: 'Import history', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: `${surname}.csv` }).click();
    await page.getByRole('button', { name: 'Undo import' }).click();
    await confirm(page, 'Undo import', 'Undo import');
    await expect(page.getByTestId('import-state')).toHaveText('Undone');
    await expect(page.getByText('2 created records deactivated')).toBeVisible();
    await page.goto('/leads');
    await searchBox(page).fill(surname);
    await expect(contactRows(page)).toHaveCount(0);
  });

  test('export the filtered list and find its rows in the file', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    for (const name of ['Ece', 'Filiz', 'Gizem']) await api.createContact({ name, surname });
    await api.createContact({ name: 'Other', surname: uniqueSurname() });

    await openLeadsSignedIn(page, api);
    await searchBox(page).fill(surname);
    await expect(contactRows(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Sort by Name', exact: true }).click();
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.getByRole('checkbox', { name: 'Agency' }).uncheck();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).not.toContain('Agency');
    expect(lines[0]?.startsWith('Name,Surname,Type,E-Mail,Phone Number')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual([
      `Ece ${surname}`,
      `Filiz ${surname}`,
      `Gizem ${surname}`,
    ]);
    await expect(page.getByText('Exported 3 rows')).toBeVisible();
  });

  test("a partner's customers export holds what the tab's search shows", async ({ page, request }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api, { name: uniquePartnerName('Exporter') });
    const surname = uniqueSurname();
    for (const name of ['Hale', 'Irmak']) {
      await createContactViaApi(request, api, { type: 'CUSTOMER', name, surname, agencyId: agency.id });
    }
    await createContactViaApi(request, api, { type: 'CUSTOMER', name: 'Jale', agencyId: agency.id });

    await logInAsAdmin(page);
    await openPartnerFromList(page, agency.name);
    const customers = await openAgencyTab(page, 'Customers');
    await customers.getByRole('searchbox', { name: 'Search customers' }).fill(surname);
    await expect(customers.locator('tbody').getByRole('row')).toHaveCount(2);
    await customers.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Download' }).click();
    const text = readFileSync((await (await downloading).path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const names = text
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',').slice(0, 2).join(' '));
    expect(names.sort()).toEqual([`Hale ${surname}`, `Irmak ${surname}`]);
    await expect(page.getByText('Exported 2 rows')).toBeVisible();
  });
});
