import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  adminApi,
  chooseOption,
  createCategoryViaApi,
  createProductViaApi,
  openProductsEntry,
  productDetailValue,
  productRows,
  productSearch,
} from './support/products-setup';
import { bearer, logInAsAdmin, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

test.describe('products', () => {
  test('a real-estate product is added with several interior features and one city, and shown in full', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    const city = await createCategoryViaApi(request, api, `Lapta ${tag}`, 'City');
    const fireplace = await createCategoryViaApi(request, api, `Fireplace ${tag}`, 'Interior Features');
    const sauna = await createCategoryViaApi(request, api, `Sauna ${tag}`, 'Interior Features');
    const title = `Sea View Villa ${tag}`;

    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Listings');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Title is required', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(dialog.getByText('Title is required', { exact: true })).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Product Type' })).toHaveValue('Real Estate');
    await chooseOption(dialog, page, 'City', city.name);
    await chooseOption(dialog, page, 'Interior Features', fireplace.name);
    await chooseOption(dialog, page, 'Interior Features', sauna.name);
    await dialog.getByRole('textbox', { name: 'Sale Price' }).fill('250000');
    await dialog.getByRole('textbox', { name: 'Meter Square' }).fill('120');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Product added');
    await expect(dialog).toBeHidden();

    await productSearch(page).fill(title);
    const row = productRows(page).filter({ hasText: title });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();

    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(productDetailValue(page, 'City')).toHaveText(city.name);
    const interior = productDetailValue(page, 'Interior Features');
    await expect(interior).toContainText(fireplace.name);
    await expect(interior).toContainText(sauna.name);
    await expect(productDetailValue(page, 'Unit Type')).toHaveText('-');
    await expect(productDetailValue(page, 'Sale Price')).toHaveText('£250,000');
    await expect(productDetailValue(page, 'Meter Square')).toHaveText('120 m²');
    await expect(productDetailValue(page, 'Status')).toHaveText('Available');
  });

  test('the pencil on the product detail edits the title', async ({ page, request }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    const product = await createProductViaApi(request, api, `Garden Flat ${tag}`);
    const renamed = `Garden Flat Renamed ${tag}`;

    await logInAsAdmin(page);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Edit product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    const titleBox = dialog.getByRole('textbox', { name: 'Title' });
    await expect(titleBox).toHaveValue(product.title);
    await titleBox.fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Product updated');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  });
});

test.describe('products edited by two people at once', () => {
  /** The colleague's save: the whole product as the API takes it, with one field changed. */
  async function colleagueSaves(
    request: APIRequestContext,
    token: string,
    id: number,
    change: { title?: string; salePrice?: number },
  ) {
    const current = await (await request.get(`/api/products/${id}`, { headers: bearer(token) })).json();
    const res = await request.put(`/api/products/${id}`, {
      headers: bearer(token),
      data: {
        title: change.title ?? current.title,
        description: current.description,
        categoryIds: [],
        productType: 'REAL_ESTATE',
        realEstateCompanyId: null,
        realEstateProduct: {
          ...current.realEstateProduct,
          salePrice: change.salePrice ?? current.realEstateProduct.salePrice,
        },
        dormitoryProduct: null,
        maintenanceProduct: null,
        isActive: true,
        version: current.version,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  test('a colleague’s change to another field survives the save; the same field is refused', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const api = await adminApi(request);
    const product = await createProductViaApi(request, api, `Harbour Loft ${tag}`, { salePrice: 100000 });

    await logInAsAdmin(page);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Edit product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(product.title);

    await colleagueSaves(request, api.token, product.id, { salePrice: 175000 });
    await expect(dialog.getByRole('alert')).toContainText('Your save keeps their change', { timeout: 5_000 });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Harbour Loft Renamed ${tag}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Product updated');
    await expect(page.getByRole('heading', { name: `Harbour Loft Renamed ${tag}`, level: 1 })).toBeVisible();
    await expect(productDetailValue(page, 'Sale Price')).toHaveText('£175,000');

    await page.getByRole('button', { name: 'Edit product' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`Harbour Loft Renamed ${tag}`);
    await colleagueSaves(request, api.token, product.id, { title: `Harbour Loft Theirs ${tag}` });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Harbour Loft Mine ${tag}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/This product was changed by .+ at/);
  });
});
