import { expect, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { contactRows, openSignedIn, searchBox } from './support/contacts-ui';
import { createUserViaApi, newPersonPage, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

test.describe('lists remember and share', () => {
  test('a search and sort live in the URL: reload and Back show the same list', async ({ page, request }) => {
    const tag = uniqueTag();
    const admin = await CrmApi.logIn(request);
    const first = await admin.createContact({ name: `${tag}a` });
    await admin.createContact({ name: `${tag}b` });
    await openSignedIn(page, admin, '/leads');
    await searchBox(page).fill(tag);
    await expect(contactRows(page)).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await page.getByRole('button', { name: 'Sort by Name', exact: true }).click();
    await expect(page).toHaveURL(/sort=name&order=asc/);

    await page.reload();
    await expect(searchBox(page)).toHaveValue(tag);
    await expect(contactRows(page)).toHaveCount(2);

    await contactRows(page)
      .filter({ hasText: fullName(first) })
      .getByRole('button', { name: /Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'View', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/lead/${first.id}$`));
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(tag);
    await expect(contactRows(page)).toHaveCount(2);
  });

  test('a view saved and shared by one person opens for another', async ({ page, browser, request }) => {
    const tag = uniqueTag();
    const admin = await CrmApi.logIn(request);
    await admin.createContact({ name: tag });
    const viewName = `Leads named ${tag}`;

    await openSignedIn(page, admin, '/leads');
    await searchBox(page).fill(tag);
    await expect(contactRows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Columns' }).click();
    const agencyColumn = page.getByRole('checkbox', { name: 'Agency' });
    await agencyColumn.click();
    await expect(agencyColumn).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Sort by Agency', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'View name' }).fill(viewName);
    await dialog.getByRole('checkbox', { name: 'Share with everyone' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `View "${viewName}" saved`);
    await expect(page.getByRole('button', { name: viewName })).toBeVisible();

    const colleague = await createUserViaApi(request, { firstName: 'Colleague', surname: tag });
    const other = await newPersonPage(browser);
    const session = await CrmApi.logIn(request, colleague.email, colleague.password);
    await openSignedIn(other, session, '/leads');
    await expect(searchBox(other)).toHaveValue('');
    await other.getByRole('button', { name: 'Views' }).click();
    await other.getByRole('menuitem', { name: new RegExp(viewName) }).click();
    await expect(searchBox(other)).toHaveValue(tag);
    await expect(contactRows(other)).toHaveCount(1);
    await expect(other.getByRole('button', { name: 'Sort by Agency', exact: true })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Sort by Name', exact: true })).toBeVisible();
    await other.context().close();
  });
});

test.describe('duplicates while typing', () => {
  test('the new-lead form shows an existing contact with the same phone before saving', async ({
    page,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const existing = await admin.createContact({ name: 'Existing' });
    await openSignedIn(page, admin, '/new-lead');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Someone');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(existing.phone.slice(2));
    const warning = page.getByRole('alert').filter({ hasText: 'Possible duplicate contact' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: fullName(existing) })).toHaveAttribute(
      'href',
      `/lead/${existing.id}`,
    );
    await expect(warning).toContainText('has the same phone.');
    await expect(warning).toContainText('You can still save this contact.');
  });
});
