import { expect, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { contactRows, openSignedIn } from './support/contacts-ui';

test.describe('dashboard charts', () => {
  test('the five charts show above Recent Activities, and a source links to the leads from it', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const walkIn = await api.createContact({ name: 'Walked', source: 'Walk-in' });
    await openSignedIn(page, api, '/');

    for (const title of [
      'Leads created per week',
      'Conversions per week',
      'Leads by source',
      'Top agencies by customers',
      'Conversion rate',
    ]) {
      await expect(page.getByRole('region', { name: title })).toBeVisible();
    }
    const charts = await page.getByRole('heading', { name: 'Charts' }).boundingBox();
    const recent = await page.getByRole('heading', { name: 'Recent Activities' }).boundingBox();
    expect(charts && recent && charts.y < recent.y).toBe(true);

    await page
      .getByRole('region', { name: 'Leads by source' })
      .getByRole('link', { name: /^Walk-in: \d+$/ })
      .click();
    await expect(page).toHaveURL(/\/leads\?f\.source=equals%3AWalk-in$/);
    await expect(contactRows(page).filter({ hasText: fullName(walkIn) })).toHaveCount(1);
  });

  test('each week of the weekly charts opens the list filtered to that week', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Weekly' });
    const convert = await api.createContact({ name: 'Converted', nationality: 'Turkey' });
    await api.convertContact(convert.id, { residency: 'Turkey', gender: 'MALE' });
    await openSignedIn(page, api, '/');

    // This week's Monday and the Monday after, in UTC, as the server counts weeks.
    const now = new Date();
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const week = `${day(monday)}/${day(new Date(monday.getTime() + 7 * 86_400_000))}`;
    const label = monday.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

    // By keyboard: the week's link, out of sight until focused.
    const weekLink = page
      .getByRole('region', { name: 'Leads created per week' })
      .getByRole('link', { name: new RegExp(`^Week of ${label}: \\d+$`) });
    await weekLink.focus();
    await expect(weekLink).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/leads?f.createdAt=${encodeURIComponent(`equals:${week}`)}`);
    await expect(contactRows(page).filter({ hasText: fullName(lead) })).toHaveCount(1);

    // By pointer: this week's bar, the last of the conversions chart.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Conversions per week' })
      .locator('.recharts-bar-rectangle')
      .last()
      .click();
    await expect(page).toHaveURL(`/customers?f.convertedAt=${encodeURIComponent(`equals:${week}`)}`);
    await expect(contactRows(page).filter({ hasText: fullName(convert) })).toHaveCount(1);
  });

  test('Edited shows labels, as the contact’s Activities tab does', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Studied', educationLevel: 'HIGH_SCHOOL' });
    await api.updateContact(lead, { educationLevel: 'BACHELORS_DEGREE' });
    await openSignedIn(page, api, '/');

    const edited = page.getByRole('region', { name: 'Edited activities' });
    const item = edited
      .locator('div')
      .filter({ has: page.getByRole('link', { name: fullName(lead), exact: true }) })
      .last();
    await expect(item).toContainText('Education Level');
    await expect(item).toContainText('Secondary School');
    await expect(item).toContainText("Bachelor's Degree");
    await expect(item).not.toContainText('HIGH_SCHOOL');
  });
});
