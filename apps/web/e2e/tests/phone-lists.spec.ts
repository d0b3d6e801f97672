import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { openSignedIn, searchBox } from './support/contacts-ui';

/** Issue 24 §8: the phone is a first-class screen (390×844, under 576 px). */

const PHONE = { width: 390, height: 844 } as const;

function cards(page: Page, text: string) {
  return page.getByRole('listitem').filter({ hasText: text });
}

test.describe('lists on a phone', () => {
  let api: CrmApi;
  let surname: string;

  test.beforeAll(async ({ request }) => {
    api = await CrmApi.logIn(request);
    surname = uniqueSurname();
    for (const name of ['Cemile', 'Asli', 'Berk']) {
      await api.createContact({
        name,
        surname,
        email: `${name.toLowerCase()}.${surname.toLowerCase()}@example.org`,
      });
    }
  });

  test('the search box is on the screen and finds what is typed', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openSignedIn(page, api, '/leads');
    const search = searchBox(page);
    await expect(search).toBeInViewport({ ratio: 1 });
    await search.fill(`asli ${surname}`);
    await expect(cards(page, surname)).toHaveCount(1);
    await expect(cards(page, surname)).toContainText(`Asli ${surname}`);
    await expect(page.getByTestId('table-total')).toHaveText('1 result');
  });

  test('the first card shows whole without scrolling; sort and filter wait in one sheet', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(surname);
    await expect(cards(page, surname)).toHaveCount(3);
    await expect(cards(page, surname).first()).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // No column's sort or filter stands between the search and the cards.
    await expect(page.getByRole('button', { name: 'Sort by Name' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filter E-Mail' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sort & filter' }).click();
    const sheet = page.getByRole('dialog', { name: 'Sort & filter' });
    await expect(sheet).toBeVisible();
    for (const header of ['Name', 'Agency', 'E-Mail', 'Phone Number', 'Created By', 'Assigned To']) {
      await expect(sheet.getByRole('button', { name: `Sort by ${header}`, exact: true })).toBeVisible();
      await expect(sheet.getByRole('button', { name: `Filter ${header}`, exact: true })).toBeVisible();
    }
    await sheet.getByRole('button', { name: 'Sort by Name', exact: true }).click();
    await expect(cards(page, surname).getByRole('link', { name: new RegExp(surname) })).toHaveText([
      `Asli ${surname}`,
      `Berk ${surname}`,
      `Cemile ${surname}`,
    ]);
    await sheet.getByRole('button', { name: 'Filter E-Mail', exact: true }).click();
    const filter = page.getByRole('dialog', { name: 'Filter E-Mail' });
    await filter.getByRole('textbox', { name: 'Filter value' }).fill('berk.');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect(cards(page, surname)).toHaveCount(1);
    await expect(cards(page, surname)).toContainText(`Berk ${surname}`);

    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    // The button says how many sorts and filters apply.
    await expect(page.getByRole('button', { name: 'Sort & filter (2)' })).toBeVisible();
    await expect(cards(page, surname).first()).toBeInViewport({ ratio: 1 });
  });

  test('bulk buttons appear only once a card is selected', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(surname);
    await expect(cards(page, surname)).toHaveCount(3);
    const deactivate = page.getByRole('button', { name: 'Deactivate Selected' });
    const reassign = page.getByRole('button', { name: 'Reassign Owner' });
    await expect(deactivate).toHaveCount(0);
    await expect(reassign).toHaveCount(0);

    const berk = cards(page, `Berk ${surname}`);
    await berk.getByRole('checkbox', { name: `Select Berk ${surname}` }).check();
    await expect(deactivate).toBeEnabled();
    await expect(reassign).toBeEnabled();
    await berk.getByRole('checkbox', { name: `Select Berk ${surname}` }).uncheck();
    await expect(deactivate).toHaveCount(0);
    await expect(reassign).toHaveCount(0);
    // The first card is still in view with the buttons gone again.
    await expect(cards(page, surname).first()).toBeInViewport({ ratio: 1 });
  });
});
