import { expect, test } from '@playwright/test';
import {
  adminApi,
  createProductViaApi,
  openProductsEntry,
  productRows,
  productSearch,
} from './support/products-setup';
import { createUserViaApi, logInAsAdmin, logInThroughForm, uniqueTag } from './support/session';
import { columnHeader, resultCount } from './support/ui';

test.describe('product list', () => {
  test('the search box narrows the list to the product searched for', async ({ page, request }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    const wanted = await createProductViaApi(request, api, `Penthouse ${tag}`);
    await createProductViaApi(request, api, `Bungalow ${tag}`);

    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Listings');
    await productSearch(page).fill(tag);
    await expect(resultCount(page)).toHaveText('2 results');

    await productSearch(page).fill(wanted.title);
    await expect(resultCount(page)).toHaveText('1 result');
    await expect(productRows(page)).toHaveCount(1);
    const row = productRows(page).first();
    await expect(row).toContainText(wanted.title);
    // The "Created By" column shows when it was created: DD MMM YYYY, HH:mm.
    await expect(row).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await expect(row).toContainText('Active');

    await productSearch(page).fill(`Nothing like this ${tag}`);
    await expect(page.getByText('No Products Found - Try searching or add a new product.')).toBeVisible();
  });

  test('only an admin gets the selection checkboxes', async ({ page, request }) => {
    const api = await adminApi(request);
    const product = await createProductViaApi(request, api, `Studio ${uniqueTag()}`);
    const user = await createUserViaApi(request, { firstName: 'Product', surname: 'Viewer' });

    await logInThroughForm(page, user.email, user.password);
    await openProductsEntry(page, 'Product Listings');
    await productSearch(page).fill(product.title);
    await expect(productRows(page)).toHaveCount(1);
    await expect(productRows(page).first()).toContainText(product.title);
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Listings');
    await productSearch(page).fill(product.title);
    await expect(page.getByRole('checkbox', { name: `Select ${product.title}` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toBeVisible();
  });

  test('the Title header sorts ascending, then descending', async ({ page, request }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    // Created out of order, so that neither creation order nor its reverse is alphabetical.
    await createProductViaApi(request, api, `${tag} Maple Court`);
    await createProductViaApi(request, api, `${tag} Zephyr House`);
    await createProductViaApi(request, api, `${tag} Acacia Lodge`);

    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Listings');
    await productSearch(page).fill(tag);
    await expect(resultCount(page)).toHaveText('3 results');
    const sortByTitle = page.getByRole('button', { name: 'Sort by Title' });
    const firstRow = productRows(page).first();

    await sortByTitle.click();
    await expect(columnHeader(page, 'Title')).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstRow).toContainText(`${tag} Acacia Lodge`);
    await expect(productRows(page).last()).toContainText(`${tag} Zephyr House`);

    await sortByTitle.click();
    await expect(columnHeader(page, 'Title')).toHaveAttribute('aria-sort', 'descending');
    await expect(firstRow).toContainText(`${tag} Zephyr House`);
    await expect(productRows(page).last()).toContainText(`${tag} Acacia Lodge`);
  });
});
