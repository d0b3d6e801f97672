import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { uniquePhone, uniqueSurname } from './support/contacts-api';
import { logInAsAdmin } from './support/session';
import { sidebar } from './support/ui';

/** The rows of the downloaded CSV, split as a spreadsheet would (the cells here hold no commas or quotes). */
async function downloadedRows(page: Page, button: string): Promise<{ name: string; rows: string[][] }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  return {
    name: download.suggestedFilename(),
    rows: text
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',')),
  };
}

test.describe('import wizard polish (issue 24, point 11)', () => {
  // A laptop's height: the preview appears below the column settings, out of view.
  test.use({ viewport: { width: 1280, height: 720 } });

  test('new import from the history, every error of a row, one line per duplicate, the preview in view, the rows not imported to download', async ({
    page,
  }) => {
    const surname = uniqueSurname();
    const email = (name: string) => `${name.toLowerCase()}.${surname.toLowerCase()}@example.org`;
    const csv = [
      'First Name,Surname,E-Mail,Phone Number,Lead Source,Occupation',
      `Aylin,${surname},${email('aylin')},${uniquePhone()},Facebook,Architect`,
      `,${surname},not-an-email,call me,Facebook,Teacher`,
      `Burak,${surname},${email('aylin')},${uniquePhone()},Instagram,Doctor`,
      `Ceren,${surname},${email('ceren')},${uniquePhone()},,Nurse`,
      `Deniz,${surname},${email('deniz')},${uniquePhone()},Referral,Pilot`,
    ].join('\r\n');

    await logInAsAdmin(page);
    await sidebar(page).getByRole('link', { name: 'Imports' }).click();
    await expect(page.getByRole('heading', { name: 'Import history', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New import' }).click();
    await expect(page.getByRole('heading', { name: 'Import Leads', level: 1 })).toBeVisible();
    const records = page.getByRole('radiogroup', { name: 'Records to import' });
    await records.getByText('Customers', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import Customers', level: 1 })).toBeVisible();
    await records.getByText('Leads', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import Leads', level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: `${surname}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\r\n`),
    });
    await page.getByRole('button', { name: 'Upload and map columns' }).click();
    await expect(page.getByRole('heading', { name: `Import ${surname}.csv` })).toBeVisible();

    const previewHeading = page.getByRole('heading', { name: 'Preview', level: 3 });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Checked', { timeout: 30_000 });
    // The preview is brought into view once it is ready.
    await expect(previewHeading).toBeInViewport({ timeout: 10_000 });

    const table = page.getByRole('table', { name: 'Rows of the preview' });
    const row = (n: number) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
    // Every error of row 3, each saying what is wrong with its cell.
    for (const message of [
      'Phone is invalid: "call me" holds no digits',
      'First name is required',
      'Invalid email format',
    ]) {
      await expect(row(3).getByText(message, { exact: true })).toBeVisible();
    }
    await expect(row(3).getByText('Phone is required')).toHaveCount(0);
    // The duplicate row 4 is skipped for is said once.
    await expect(row(4).getByText('Skip', { exact: true })).toBeVisible();
    await expect(row(4).getByText('Same e-mail as row 2', { exact: true })).toHaveCount(1);
    await expect(row(5).getByText('Source is required', { exact: true })).toBeVisible();

    const fromPreview = await downloadedRows(page, 'Download rows not imported (CSV)');
    expect(fromPreview.name).toBe(`${surname}-not-imported.csv`);
    expect(fromPreview.rows).toEqual([
      ['First Name', 'Surname', 'E-Mail', 'Phone Number', 'Lead Source', 'Occupation', 'Import error'],
      [
        '',
        surname,
        'not-an-email',
        'call me',
        'Facebook',
        'Teacher',
        'Phone is invalid: "call me" holds no digits; First name is required; Invalid email format',
      ].map((cell) => (cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell)),
      expect.arrayContaining(['Burak', 'Same e-mail as row 2']),
      expect.arrayContaining(['Ceren', 'Source is required']),
    ]);

    await page.getByRole('button', { name: 'Run import' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Imported', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Rows not imported' })).toBeVisible();
    // Only the rows left out: not the two created.
    const notImported = page.getByRole('table', { name: 'Rows of the run' });
    await expect(notImported.getByRole('row')).toHaveCount(4);
    await expect(notImported.getByText(`Aylin ${surname}`)).toHaveCount(0);
    await expect(notImported.getByText(`Deniz ${surname}`)).toHaveCount(0);
    await expect(notImported.getByText(`Burak ${surname}`)).toBeVisible();
    await expect(notImported.getByText(`Ceren ${surname}`)).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Show rows' }).getByText('Errors', { exact: true }).click();
    await expect(notImported.getByRole('row')).toHaveCount(3);
    await expect(notImported.getByText(`Burak ${surname}`)).toHaveCount(0);

    const fromRun = await downloadedRows(page, 'Download rows not imported (CSV)');
    expect(fromRun.rows.map((cells) => cells[0])).toEqual(['First Name', '', 'Burak', 'Ceren']);
  });
});
