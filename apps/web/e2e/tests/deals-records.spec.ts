import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { dialog, openSignedIn } from './support/contacts-ui';
import { adminApi, createProductViaApi } from './support/products-setup';
import { bearer, createUserViaApi, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

/** Picks a product on a line of the deal form: typed into the line's search, then chosen. */
async function chooseProduct(page: Page, line: number, title: string): Promise<void> {
  const input = page.getByRole('textbox', { name: `Product of line ${line}`, exact: true });
  await input.click();
  await input.fill(title);
  await page.getByRole('option', { name: title, exact: true }).click();
  await expect(input).toHaveValue(title);
}

test.describe('a deal from a lead, with its records (issue 25)', () => {
  test('a salesperson opens a lead, starts a deal from its Deals tab with two product lines, sees their sum, adds a note and finds the deal in the list', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const tag = uniqueTag();
    const villa = await createProductViaApi(request, admin, `Villa ${tag}`, { salePrice: 150000 });
    const parking = await createProductViaApi(request, admin, `Parking ${tag}`, { salePrice: 2500 });
    const person = await createUserViaApi(request, { firstName: 'Sales', surname: uniqueTag() });
    const seller = await CrmApi.logIn(request, person.email, person.password);
    const lead = await seller.createContact({ name: 'Derya' });

    await openSignedIn(page, seller, `/lead/${lead.id}`);
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByText('No deals yet.', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'New deal' }).click();

    await expect(page).toHaveURL(new RegExp(`/deals/new\\?contactId=${lead.id}$`));
    await expect(page.getByRole('heading', { name: 'New deal', level: 1 })).toBeVisible();
    // The lead is already the deal's contact; the deal starts in the first stage, at its probability.
    await expect(page.getByRole('textbox', { name: 'Contact', exact: true })).toHaveValue(
      `${fullName(lead)} (lead)`,
    );
    await expect(page.getByRole('textbox', { name: 'Stage', exact: true })).toHaveValue('New');

    // Saving without a title is refused with the shared schema's message, on the field.
    await page.getByRole('button', { name: 'Create deal' }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(page.getByText('Title is required', { exact: true })).toBeVisible();
    await expect(title).toBeFocused();

    const dealTitle = `Seafront villa ${tag}`;
    await title.fill(dealTitle);
    await page.getByRole('button', { name: 'Add product line' }).click();
    await chooseProduct(page, 1, villa.title);
    // The product's price is the line's unit price.
    await expect(page.getByRole('textbox', { name: 'Unit price of line 1' })).toHaveValue('150000');
    await page.getByRole('button', { name: 'Add product line' }).click();
    await chooseProduct(page, 2, parking.title);
    await expect(page.getByRole('textbox', { name: 'Unit price of line 2' })).toHaveValue('2500');
    await page.getByRole('textbox', { name: 'Quantity of line 2' }).fill('2');
    await expect(page.getByTestId('deal-form-amount')).toHaveText('£155,000.00');

    await page.getByRole('button', { name: 'Create deal' }).click();
    await expectToast(page, 'Deal created');
    await expect(page).toHaveURL(/\/deals\/\d+$/);
    const dealId = Number(new URL(page.url()).pathname.split('/').at(-1));

    await expect(page.getByRole('heading', { name: dealTitle, level: 1 })).toBeVisible();
    await expect(page.getByTestId('deal-amount')).toHaveText('£155,000.00');
    await expect(page.getByRole('link', { name: fullName(lead) })).toHaveAttribute(
      'href',
      `/lead/${lead.id}`,
    );
    const lines = page.getByRole('table', { name: 'Product lines' });
    await expect(lines.getByRole('row').filter({ hasText: villa.title })).toContainText('£150,000.00');
    await expect(lines.getByRole('row').filter({ hasText: parking.title })).toContainText('£5,000.00');

    // A note on the deal, from the shared Notes tab.
    const noteText = `Wants the sea view, ${tag}`;
    await page.getByRole('button', { name: 'Add Notes' }).click();
    const add = dialog(page, 'Add Notes');
    await add.getByRole('textbox', { name: 'Note' }).click();
    await page.keyboard.type(noteText);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note added');
    await expect(add).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: noteText })).toContainText(person.name);

    // The deal is in the list, and on the lead's Deals tab.
    await page.goto('/deals/list');
    await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search deals' }).fill(dealTitle);
    const row = page.getByRole('row').filter({ hasText: dealTitle });
    await expect(row).toBeVisible();
    await expect(row).toContainText('£155,000.00');
    await expect(row).toContainText(fullName(lead));

    // Filtered in the URL as the report's charts link here: the deal's stage keeps it, another drops it.
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(seller.token) })
    ).json()) as {
      id: number;
      name: string;
    }[];
    const stageId = (name: string) => stages.find((stage) => stage.name === name)?.id;
    await page.goto(`/deals/list?f.stageId=equals:${stageId('New')}`);
    await expect(page.getByRole('row').filter({ hasText: dealTitle })).toBeVisible();
    await page.goto(`/deals/list?f.stageId=equals:${stageId('Proposal')}`);
    await expect(page.getByText('No deals match.', { exact: true })).toBeVisible();

    // The list's export holds the deal, with its amount in pounds.
    await page.goto(`/deals/list?q=${encodeURIComponent(dealTitle)}`);
    await expect(page.getByRole('row').filter({ hasText: dealTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^deals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvLines = readFileSync((await download.path()) as string, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(dealTitle);
    expect(csvLines[1]).toContain('155000');

    await page.goto(`/lead/${lead.id}`);
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByRole('link', { name: dealTitle })).toHaveAttribute('href', `/deals/${dealId}`);
  });
});
