import { expect, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { contactRows, openSignedIn, searchBox } from './support/contacts-ui';
import {
  adminToken,
  bearer,
  createUserViaApi,
  logInThroughForm,
  newPersonPage,
  uniqueTag,
} from './support/session';
import { expectToast, sidebar } from './support/ui';

test.describe('lists remember and share', () => {
  // A column choice is kept on the server: the admin's lists go back to every column for the next tests.
  test.afterEach(async ({ request }) => {
    const token = await adminToken(request);
    const res = await request.put('/api/views/columns/leads', {
      headers: bearer(token),
      data: { columns: null },
    });
    expect(res.status()).toBe(200);
  });

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

test('the columns a person chooses follow them to another browser, after logging out', async ({
  page,
  browser,
  request,
}) => {
  const person = await createUserViaApi(request, { firstName: 'Chooser', surname: uniqueTag() });
  await logInThroughForm(page, person.email, person.password);
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'E-Mail' }).click();
  await page.getByRole('button', { name: 'Move Phone Number up' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Sort by E-Mail', exact: true })).toHaveCount(0);
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Another browser, nothing stored in it, no columns in the link.
  const other = await newPersonPage(browser);
  await logInThroughForm(other, person.email, person.password);
  await other.goto('/leads');
  await expect(other).toHaveURL(/\/leads$/);
  await expect(other.getByRole('button', { name: 'Sort by E-Mail', exact: true })).toHaveCount(0);
  const headers = other.getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Phone Number' })).toBeVisible();
  const titles = await headers.allInnerTexts();
  const phone = titles.findIndex((title) => title.includes('Phone Number'));
  const agency = titles.findIndex((title) => title.includes('Agency'));
  expect(phone).toBeLessThan(agency);

  // A link with its own columns still wins over the stored choice.
  await other.goto('/leads?cols=name,email');
  await expect(other.getByRole('button', { name: 'Sort by E-Mail', exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Sort by Agency', exact: true })).toHaveCount(0);
  await other.context().close();
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
