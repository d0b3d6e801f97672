import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type ApiSession, adminApi } from './partners-setup';
import { bearer } from './session';
import { sidebar } from './ui';

/** Set-up data only: the scenarios themselves go through the screens. */

export { type ApiSession, adminApi };

interface CategoryJson {
  id: number;
  name: string;
  parentId: number | null;
  isActive: boolean;
  children: CategoryJson[];
}

export interface CategoryMade {
  id: number;
  name: string;
}

/** Creates a category through the API: top-level when `parent` is null, else under that group. */
export async function createCategoryViaApi(
  request: APIRequestContext,
  api: ApiSession,
  name: string,
  parent: string | null,
): Promise<CategoryMade> {
  let parentId: number | null = null;
  if (parent !== null) {
    const tree = await request.get('/api/product-categories', { headers: bearer(api.token) });
    expect(tree.status(), 'read the category tree').toBe(200);
    const group = ((await tree.json()) as CategoryJson[]).find((candidate) => candidate.name === parent);
    expect(group, `the top-level category ${parent}`).toBeDefined();
    parentId = group!.id;
  }
  const res = await request.post('/api/product-categories', {
    headers: bearer(api.token),
    data: { name, parentId },
  });
  expect(res.status(), `create category ${name}: ${await res.text()}`).toBe(201);
  return { id: (await res.json()).id as number, name };
}

/** Creates a real-estate product through the API. */
export async function createProductViaApi(
  request: APIRequestContext,
  api: ApiSession,
  title: string,
  options: { categoryIds?: number[]; salePrice?: number; m2?: number } = {},
): Promise<{ id: number; title: string }> {
  const res = await request.post('/api/products', {
    headers: bearer(api.token),
    data: {
      title,
      description: '',
      categoryIds: options.categoryIds ?? [],
      productType: 'REAL_ESTATE',
      realEstateCompanyId: null,
      realEstateProduct: {
        salePrice: options.salePrice ?? 100000,
        m2: options.m2 ?? 80,
        status: 'AVAILABLE',
      },
      dormitoryProduct: null,
      maintenanceProduct: null,
      isActive: true,
    },
  });
  expect(res.status(), `create product ${title}: ${await res.text()}`).toBe(201);
  return { id: (await res.json()).id as number, title };
}

/** Opens an entry of the sidebar's Products group (Product Listings or Product Categories). */
export async function openProductsEntry(
  page: Page,
  entry: 'Product Listings' | 'Product Categories',
): Promise<void> {
  const nav = sidebar(page);
  const link = nav.getByRole('link', { name: entry });
  if (!(await link.isVisible())) await nav.getByText('Products', { exact: true }).click();
  await link.click();
  const heading = entry === 'Product Listings' ? 'Products' : 'Product Categories';
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

export function productSearch(page: Page): Locator {
  return page.getByLabel('Search products');
}

export function productRows(page: Page): Locator {
  return page.locator('tbody').getByRole('row');
}

/** The card of a top-level category on the category screen. */
export function categoryCard(page: Page, name: string): Locator {
  return page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The value beside a label on the product detail (e.g. City, Sale Price). */
export function productDetailValue(page: Page, label: string): Locator {
  return page
    .getByText(label, { exact: true })
    .filter({ visible: true })
    .locator('xpath=following-sibling::*[1]');
}

/** Chooses an option of a searchable select (or multi-select) in `scope` by typing part of it. */
export async function chooseOption(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}
