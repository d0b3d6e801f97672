import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { choose, contactRow, openSignedIn, searchLeads } from './support/contacts-ui';
import { expectToast } from './support/ui';

const COUNTRY = 'Phone numbers without a calling code are from';

/** Seven digits no other number of this run has, so no row is a duplicate of another test's. */
const rest = () => String(1_000_000 + Math.floor(Math.random() * 8_999_999));
const spaced = (r: string) => `${r.slice(0, 3)} ${r.slice(3, 5)} ${r.slice(5)}`;

const previewRows = (page: Page) => page.getByRole('table', { name: 'Rows of the preview' });

test.describe('phone numbers as Turkish offices write them (issue 23)', () => {
  test('a CSV of numbers without their leading 0 reads as Turkish in the preview; another default country reads them again', async ({
    page,
    request,
  }) => {
    // Three previews and a run, each a job on the server's queue.
    test.setTimeout(60_000);
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const [a, b, c] = [rest(), rest(), rest()];
    const uk = rest().slice(1);
    const csv = [
      'Name,Surname,E-Mail,Phone,Source',
      // As a numeric spreadsheet cell keeps them: no 0, no spaces, or spaced as people write.
      `Aslı,${surname},asli.${surname}@example.org,538${a},Facebook`,
      `Burak,${surname},burak.${surname}@example.org,530 ${spaced(b)},Facebook`,
      `Ceren,${surname},ceren.${surname}@example.org,511${c},Facebook`,
      `Derya,${surname},derya.${surname}@example.org,07400 ${uk},Facebook`,
    ].join('\r\n');

    await openSignedIn(page, api, '/imports/new?entity=contacts&type=LEAD');
    await expect(page.getByRole('heading', { name: 'Import Leads' })).toBeVisible();
    // The deployment's country, until the person chooses another.
    await expect(page.getByRole('textbox', { name: COUNTRY })).toHaveValue('Turkey (+90)');
    await page.locator('input[type="file"]').setInputFiles({
      name: `${surname}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\r\n`),
    });
    await page.getByRole('button', { name: 'Upload and map columns' }).click();
    await expect(page.getByRole('heading', { name: `Import ${surname}.csv` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: COUNTRY })).toHaveValue('Turkey (+90)');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Checked');
    await expect(page.getByTestId('count-new')).toHaveText('4');
    const asTurkish = [
      `Phone Number: +90 538 ${spaced(a)}`,
      `Phone Number: +90 530 ${spaced(b)}`,
      `Phone Number: +90 511 ${spaced(c)}`,
    ];
    for (const reading of asTurkish) await expect(previewRows(page).getByText(reading)).toBeVisible();

    // The file was a British office's: the same numbers read as the United Kingdom's.
    await choose(page, COUNTRY, 'United Kingdom (+44)', true);
    await expect(page.getByText('The settings changed since this preview')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run import' })).toBeDisabled();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(previewRows(page).getByText(`Phone Number: +44 7400 ${uk}`)).toBeVisible();
    for (const reading of asTurkish) await expect(previewRows(page).getByText(reading)).toBeHidden();

    // Back to Turkey: the run writes what the preview showed.
    await choose(page, COUNTRY, 'Turkey (+90)', true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(previewRows(page).getByText(asTurkish[0] as string)).toBeVisible();
    await page.getByRole('button', { name: 'Run import' }).click();
    await expect(page.getByTestId('import-state')).toHaveText('Imported');
    await expect(page.getByTestId('count-created')).toHaveText('4');

    await searchLeads(page, surname, 4);
    await expect(contactRow(page, `Aslı ${surname}`)).toContainText(`538 ${spaced(a)}`);
    const filter = encodeURIComponent(`equals:asli.${surname}@example.org`);
    const res = await request.get(`/api/contacts?filter.email=${filter}`, {
      headers: { Authorization: `Bearer ${api.token}` },
    });
    expect((await res.json())[0]).toMatchObject({ phone: `90538${a}`, countryCode: '+90' });
  });

  test('the phone field keeps every digit typed and reads a trunk 0 for the chosen country', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const r = rest();
    await openSignedIn(page, api, '/new-lead');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Sıla');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.pressSequentially(`0532 ${spaced(r)}`);
    await expect(phone).toHaveValue(`532 ${spaced(r)}`);
    await choose(page, 'Source', 'Facebook');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');
    const res = await request.get(`/api/contacts?q=${surname}`, {
      headers: { Authorization: `Bearer ${api.token}` },
    });
    expect((await res.json())[0]).toMatchObject({ phone: `90532${r}`, countryCode: '+90' });
  });
});
