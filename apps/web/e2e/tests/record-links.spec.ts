import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { contactRow, openSignedIn, searchBox } from './support/contacts-ui';
import { adminApi, createAgencyViaApi, partnerSearch, tableRows } from './support/partners-setup';
import { createProductViaApi, productSearch } from './support/products-setup';

/** A record opens from its row: a click anywhere on it, and its name is a real link. */
test.describe('a record is a click away', () => {
  let session: CrmApi;

  test.beforeEach(async ({ request }) => {
    session = await CrmApi.logIn(request);
  });

  async function openInNewTab(page: Page, click: () => Promise<void>): Promise<Page> {
    const opened = page.context().waitForEvent('page');
    await click();
    const tab = await opened;
    await tab.waitForLoadState();
    return tab;
  }

  test('a lead opens by clicking its row; its name is a link that Ctrl-click and middle click open in a new tab', async ({
    page,
  }) => {
    const lead = await session.createContact({ name: 'Rowclick' });
    await openSignedIn(page, session, '/leads');
    await searchBox(page).fill(lead.email ?? fullName(lead));
    const row = contactRow(page, fullName(lead));
    await expect(row).toHaveCount(1);

    const name = row.getByRole('link', { name: fullName(lead), exact: true });
    await expect(name).toHaveAttribute('href', `/lead/${lead.id}`);

    const tab = await openInNewTab(page, () => name.click({ modifiers: ['ControlOrMeta'] }));
    await expect(tab).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await tab.close();
    const middle = await openInNewTab(page, () => name.click({ button: 'middle' }));
    await expect(middle).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await middle.close();
    await expect(page).toHaveURL(/\/leads(\?|$)/);

    // A click on the row away from the name: its e-mail cell.
    await row.getByText(lead.email ?? '', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await expect(page.getByText(fullName(lead)).first()).toBeVisible();
  });

  test("the row's checkbox and actions menu do not open the record", async ({ page }) => {
    const lead = await session.createContact({ name: 'Rowcheck' });
    await openSignedIn(page, session, '/leads');
    await searchBox(page).fill(lead.email ?? fullName(lead));
    const row = contactRow(page, fullName(lead));
    await row.getByRole('checkbox').check();
    await expect(row.getByRole('checkbox')).toBeChecked();
    await page.getByRole('button', { name: `Actions for ${fullName(lead)}`, exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'View', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/leads(\?|$)/);
  });

  test('partners and products open from their rows too', async ({ page, request }) => {
    const api = await adminApi(request);
    const agency = await createAgencyViaApi(request, api);
    const product = await createProductViaApi(request, api, `Clickable Flat ${Date.now()}`);
    await openSignedIn(page, session, '/agencies');
    await partnerSearch(page).fill(agency.name);
    const partner = tableRows(page).filter({ hasText: agency.name });
    await expect(partner).toHaveCount(1);
    await partner.getByText(agency.email, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/${agency.id}$`));

    await page.goto('/products');
    await productSearch(page).fill(product.title);
    const row = tableRows(page).filter({ hasText: product.title });
    await expect(row.getByRole('link', { name: product.title, exact: true })).toHaveAttribute(
      'href',
      `/product/${product.id}`,
    );
    await row.getByText('Active', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  });

  test("the palette's results are links: Ctrl-click opens one in a new tab", async ({ page }) => {
    const lead = await session.createContact({ name: 'Palettelink' });
    await openSignedIn(page, session, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search everything' }).fill(fullName(lead));
    const option = page.getByRole('option', { name: new RegExp(fullName(lead)) });
    await expect(option).toHaveAttribute('href', `/lead/${lead.id}`);
    const tab = await openInNewTab(page, () => option.click({ modifiers: ['ControlOrMeta'] }));
    await expect(tab).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await tab.close();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/lead/${lead.id}$`));
  });
});
