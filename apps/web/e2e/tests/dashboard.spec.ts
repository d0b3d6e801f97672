import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { contactRows, openSignedIn } from './support/contacts-ui';
import { logInAsAdmin } from './support/session';
import { resultCount, sidebar } from './support/ui';

function activityColumn(page: Page, title: 'Created' | 'Converted' | 'Edited') {
  return page.getByRole('region', { name: `${title} activities` });
}

function countOf(page: Page, what: 'leads' | 'customers' | 'agencies') {
  return page.getByTestId(`count-${what}`);
}

async function readCount(page: Page, what: 'leads' | 'customers' | 'agencies'): Promise<number> {
  await expect(countOf(page, what)).toHaveText(/^\d+$/);
  return Number(await countOf(page, what).textContent());
}

test.describe('dashboard (000 §2.5)', () => {
  test('Recent Activities shows the created, the converted and the edited contact', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const converted = await api.createContact({ name: 'Turned', nationality: 'Turkey' });
    const edited = await api.createContact({ name: 'Changed', city: 'Bursa' });
    await api.convertContact(converted.id, { residency: 'Turkey', gender: 'MALE' });
    await api.updateContact(edited, { city: 'Antalya' });
    const created = await api.createContact({ name: 'Fresh' });

    await logInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Recent Activities' })).toBeVisible();

    const createdColumn = activityColumn(page, 'Created');
    const createdItem = createdColumn
      .locator('div')
      .filter({ has: page.getByRole('link', { name: fullName(created), exact: true }) })
      .last();
    await expect(createdItem).toContainText('New lead added');
    await expect(createdItem).toContainText(`Added by ${api.user.name}`);

    await expect(activityColumn(page, 'Converted')).toContainText(
      `${api.user.name} converted ${fullName(converted)} to Customer`,
    );

    const editedItem = activityColumn(page, 'Edited')
      .locator('div')
      .filter({ has: page.getByRole('link', { name: fullName(edited), exact: true }) })
      .last();
    await expect(editedItem).toContainText(`${api.user.name} edited ${fullName(edited)}`);
    await expect(editedItem).toHaveText(/City.*Bursa.*Antalya/s);

    // Each column lists at most 4 entries.
    for (const title of ['Created', 'Converted', 'Edited'] as const) {
      const links = activityColumn(page, title).getByRole('link');
      expect(await links.count()).toBeLessThanOrEqual(4);
    }

    // The contact's name leads to its detail page, as the type it has now.
    await activityColumn(page, 'Converted')
      .getByRole('link', { name: fullName(converted) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/customer/${converted.id}$`));
    await expect(page.getByRole('heading', { name: 'Customer Details', level: 1 })).toBeVisible();
  });

  test('the Leads and Customers counts match their lists and link to them', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    await openSignedIn(page, api, '/');
    const leadsBefore = await readCount(page, 'leads');

    // One more lead raises the count on the next visit.
    await api.createContact({ name: 'Counted' });
    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(countOf(page, 'leads')).toHaveText(String(leadsBefore + 1));

    const leads = await readCount(page, 'leads');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Leads/ })
      .click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await expect(resultCount(page)).toHaveText(`${leads} ${leads === 1 ? 'result' : 'results'}`);

    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const customers = await readCount(page, 'customers');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Customers/ })
      .click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(resultCount(page)).toHaveText(`${customers} ${customers === 1 ? 'result' : 'results'}`);
    if (customers > 0) await expect(contactRows(page).first()).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await readCount(page, 'agencies');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Agencies/ })
      .click();
    // The card counts active partners: the list opens filtered to them.
    await expect(page).toHaveURL(/\/agencies\?f\.isActive=equals%3Atrue$/);
  });
});
