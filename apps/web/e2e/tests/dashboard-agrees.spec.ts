import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { bearer } from './support/session';
import { resultCount } from './support/ui';

/** A figure as the screen writes it ("13,613"), as a number. */
function numberIn(text: string | null): number {
  const digits = /[\d,]+/.exec(text ?? '')?.[0];
  if (!digits) throw new Error(`no number in "${text}"`);
  return Number(digits.replace(/,/g, ''));
}

async function cardCount(page: Page, what: 'leads' | 'customers' | 'agencies'): Promise<number> {
  const count = page.getByTestId(`count-${what}`);
  // The machine may be busy: the counts come with the rest of the dashboard.
  await expect(count).toHaveText(/^[\d,]+$/, { timeout: 20_000 });
  return numberIn(await count.textContent());
}

async function listTotal(page: Page): Promise<number> {
  await expect(resultCount(page)).toHaveText(/^[\d,]+ results?$/, { timeout: 15_000 });
  return numberIn(await resultCount(page).textContent());
}

test.describe('a dashboard that agrees with itself', () => {
  test('each card says what it counts and equals the total of the list it opens', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = await CrmApi.logIn(request);
    // A deactivated lead and a deactivated partner: counted by no card and shown by no list.
    const dropped = await api.createContact({ name: 'Dropped' });
    await api.deactivateContact(dropped.id);
    const agency = await api.createAgency(`Retired ${Date.now()}`);
    const off = await request.put(`/api/agencies/${agency.id}/status/deactivate`, {
      headers: bearer(api.token),
    });
    expect(off.status()).toBe(200);

    for (const [what, label, caption, heading] of [
      ['leads', 'Leads', 'Active leads', 'Leads'],
      ['customers', 'Customers', 'Active customers', 'Customers'],
      ['agencies', 'Agencies', 'Active partners', 'All Partners'],
    ] as const) {
      await openSignedIn(page, api, '/');
      const figure = await cardCount(page, what);
      const card = page.getByRole('link').filter({ has: page.getByTestId(`count-${what}`) });
      await expect(card).toContainText(label);
      await expect(card).toContainText(caption);
      await card.click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 15_000 });
      expect(await listTotal(page), `${label}: the card and its list`).toBe(figure);
    }
  });

  test('the conversion rate counts the customers the Customers card counts', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    // A lead and a customer at least: with no contacts the dashboard shows its first-run guide instead.
    await api.createContact({ name: 'Rated' });
    const customer = await api.createContact({ name: 'Rated', nationality: 'Turkey' });
    await api.convertContact(customer.id, { residency: 'Turkey', gender: 'MALE' });
    await openSignedIn(page, api, '/');
    const customers = await cardCount(page, 'customers');
    const leads = await cardCount(page, 'leads');
    const rate = page.getByRole('region', { name: 'Conversion rate' });
    await expect(rate).toContainText('Active customers among active leads and customers', {
      timeout: 20_000,
    });
    const link = rate.getByRole('link', { name: /active customers?$/ });
    await expect(link).toHaveText(
      `${customers.toLocaleString('en')} active ${customers === 1 ? 'customer' : 'customers'}`,
    );
    await expect(rate).toContainText(`among ${(customers + leads).toLocaleString('en')} active contacts`);
  });

  test('the overdue tasks the card counts are listed on it', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    const title = `Call back ${Date.now()}`;
    const res = await request.post('/api/tasks', {
      headers: bearer(api.token),
      data: { title, dueAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), assigneeId: api.user.id },
    });
    expect(res.status(), await res.text()).toBe(201);

    await openSignedIn(page, api, '/');
    const card = page.getByRole('region', { name: 'My tasks today' });
    await expect(card.getByText(/^Overdue: [1-9][\d,]*$/)).toBeVisible({ timeout: 20_000 });
    const overdue = card.getByRole('region', { name: 'Overdue tasks' });
    await expect(overdue).toBeVisible();
    await expect(overdue.getByTestId('task-item').first()).toBeVisible();
    // The newest overdue task may not be among the first listed; the list and the count agree.
    const shown = await overdue.getByTestId('task-item').count();
    const counted = numberIn(await card.getByText(/^Overdue: /).textContent());
    expect(shown).toBe(Math.min(counted, 5));
  });

  test('conversions per week counts a conversion this week, as the list it opens does', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Converted', nationality: 'Turkey' });
    await api.convertContact(lead.id, { residency: 'Turkey', gender: 'FEMALE' });

    await openSignedIn(page, api, '/');
    const chart = page.getByRole('region', { name: 'Conversions per week' });
    await expect(chart).toContainText('Active customers, by the week they were converted', {
      timeout: 20_000,
    });
    const thisWeek = chart.getByRole('link', { name: /^Week of / }).last();
    await expect(thisWeek).toHaveText(/: [1-9][\d,]*$/, { timeout: 20_000 });
    const figure = numberIn((await thisWeek.textContent())?.split(':')[1] ?? null);
    // The week links are the chart's keyboard path (shown while focused).
    await thisWeek.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    expect(await listTotal(page)).toBe(figure);
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(lead.surname);
    await expect(
      page
        .locator('tbody')
        .getByRole('row')
        .filter({ hasText: fullName(lead) }),
    ).toBeVisible();
  });
});
