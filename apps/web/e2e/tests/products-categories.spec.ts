import { expect, test } from '@playwright/test';
import { adminApi, categoryCard, createCategoryViaApi, openProductsEntry } from './support/products-setup';
import { logInAsAdmin, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

test.describe('product categories', () => {
  test('an admin creates a category with subcategories; a blank subcategory is ignored', async ({ page }) => {
    const name = `Amenities ${uniqueTag()}`;
    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Categories');
    // The six groups every installation starts with.
    await expect(categoryCard(page, 'City')).toBeVisible();
    await expect(categoryCard(page, 'Interior Features')).toBeVisible();

    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Category name' }).fill(name);
    await expect(dialog.getByText('No subcategories yet', { exact: true })).toBeVisible();

    const newSubcategory = dialog.getByRole('textbox', { name: 'New subcategory' });
    await newSubcategory.fill('Gym');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(newSubcategory).toHaveValue('');
    await newSubcategory.fill('Sauna');
    await newSubcategory.press('Enter');
    await expect(newSubcategory).toHaveValue('');
    await newSubcategory.fill('   ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Gym', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Sauna', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Delete / })).toHaveCount(2);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Category created!');
    await expect(dialog).toBeHidden();
    const card = categoryCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByText('Gym', { exact: true })).toBeVisible();
    await expect(card.getByText('Sauna', { exact: true })).toBeVisible();
    await expect(card.getByRole('switch', { name: `${name} active` })).toBeChecked();
  });

  test('the active switch of a category deactivates it, and activates it again', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const category = await createCategoryViaApi(request, api, `Seasonal ${uniqueTag()}`, null);
    await logInAsAdmin(page);
    await openProductsEntry(page, 'Product Categories');

    const card = categoryCard(page, category.name);
    const toggle = card.getByRole('switch', { name: `${category.name} active` });
    await expect(toggle).toBeChecked();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    await toggle.click();
    await expectToast(page, 'Category deactivated!');
    await expect(toggle).not.toBeChecked();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    // The state is the server's: it survives a reload.
    await page.reload();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expectToast(page, 'Category activated!');
    await expect(toggle).toBeChecked();
  });
});
