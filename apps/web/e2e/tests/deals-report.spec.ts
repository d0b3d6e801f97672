import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { adminApi, createAgencyViaApi, createContactViaApi } from './support/partners-setup';
import { bearer, createUserViaApi, uniqueTag } from './support/session';

interface Stage {
  id: number;
  name: string;
}

/** YYYY-MM, `offset` months from this one. */
function month(offset: number): string {
  const now = new Date();
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** As the report writes a month: "Dec 2026". */
const monthLabel = (value: string) =>
  new Date(`${value}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const report = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('the deals report (issue 25)', () => {
  test("a salesperson reads their pipeline, forecast, wins, losses and a partner's commission", async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    // A new salesperson: a plain user's report counts only their own deals, so these figures are theirs alone.
    const seller = await createUserViaApi(request, { firstName: 'Report', surname: uniqueTag() });
    const session = await CrmApi.logIn(request, seller.email, seller.password);
    const partner = await createAgencyViaApi(request, admin); // Commission Rate 5 %
    const referred = await createContactViaApi(request, admin, { name: 'Rita', agencyId: partner.id });
    const direct = await (await CrmApi.logIn(request)).createContact({ name: 'Dora' });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(admin.token) })
    ).json()) as Stage[];
    const stage = (name: string) => (stages.find((s) => s.name === name) as Stage).id;
    const reasons = (await (
      await request.get('/api/deal-lost-reasons', { headers: bearer(admin.token) })
    ).json()) as Stage[];
    const price = (reasons.find((r) => r.name === 'Price') as Stage).id;
    const create = async (data: Record<string, unknown>) => {
      const res = await request.post('/api/deals', {
        headers: bearer(admin.token),
        data: { ownerId: seller.id, assignedToId: seller.id, ...data },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await create({
      title: 'Harbour flat',
      contactId: direct.id,
      stageId: stage('Proposal'),
      amount: 10_000,
      expectedCloseDate: `${month(1)}-15`,
    });
    await create({
      title: 'Hill villa',
      contactId: direct.id,
      stageId: stage('Negotiation'),
      amount: 5_000,
      expectedCloseDate: `${month(2)}-10`,
    });
    await create({ title: 'Sea view', contactId: referred.id, stageId: stage('Won'), amount: 20_000 });
    await create({
      title: 'Town house',
      contactId: direct.id,
      stageId: stage('Lost'),
      amount: 3_000,
      lostReasonId: price,
    });

    await openSignedIn(page, session, '/deals/report');
    await expect(page.getByRole('heading', { name: 'Deals report', level: 1 })).toBeVisible();

    const pipeline = report(page, 'Pipeline by stage');
    await expect(
      pipeline.getByRole('link', { name: 'Proposal: 1 deal, £10,000.00 (weighted £6,000.00)' }),
    ).toBeVisible();
    await expect(
      pipeline.getByRole('link', { name: 'Negotiation: 1 deal, £5,000.00 (weighted £4,000.00)' }),
    ).toBeVisible();
    await expect(pipeline.getByRole('link', { name: 'New: 0 deals, £0.00 (weighted £0.00)' })).toBeVisible();
    await expect(pipeline.getByTestId('pipeline-total')).toHaveText(
      'Open pipeline: £15,000.00 · weighted £10,000.00',
    );

    const forecast = report(page, 'Weighted forecast, next 6 months');
    await expect(forecast.getByRole('link')).toHaveCount(6);
    await expect(forecast.getByRole('link', { name: `${monthLabel(month(0))}: £0.00` })).toBeVisible();
    await expect(forecast.getByRole('link', { name: `${monthLabel(month(1))}: £6,000.00` })).toBeVisible();
    await expect(forecast.getByRole('link', { name: `${monthLabel(month(2))}: £4,000.00` })).toHaveAttribute(
      'href',
      `/deals/list?f.expectedCloseDate=contains%3A${month(2)}`,
    );

    const wonVsForecast = report(page, 'Won against forecast, last 6 months');
    await expect(
      wonVsForecast.getByRole('link', { name: `${monthLabel(month(0))}: won £20,000.00` }),
    ).toBeVisible();

    const winRate = report(page, 'Win rate');
    await expect(winRate.getByTestId('win-rate')).toHaveText('50 %');
    await expect(winRate.getByTestId('median-days-to-win')).toHaveText('0');
    await expect(winRate.getByRole('link', { name: '1 deal won' })).toHaveAttribute(
      'href',
      `/deals/list?f.stageId=equals%3A${stage('Won')}`,
    );

    await expect(
      report(page, 'Loss reasons').getByRole('link', { name: 'Price: 1 deal, £3,000.00' }),
    ).toBeVisible();
    await expect(
      report(page, 'Revenue by partner').getByRole('link', { name: `${partner.name}: £20,000.00 (1 deal)` }),
    ).toHaveAttribute(
      'href',
      `/deals/list?f.stageId=equals%3A${stage('Won')}&f.agencyId=equals%3A${partner.id}`,
    );
    await expect(
      report(page, 'Revenue by owner').getByRole('link', { name: `${seller.name}: £20,000.00 (1 deal)` }),
    ).toBeVisible();

    const commission = report(page, 'Commission owed');
    const row = commission.getByRole('row').filter({ hasText: partner.name });
    await expect(row).toContainText(monthLabel(month(0)));
    await expect(row).toContainText('£20,000.00');
    await expect(row).toContainText('5 %');
    await expect(row).toContainText('£1,000.00');
    await expect(commission.getByTestId('commission-total')).toHaveText('£1,000.00');

    // The export for payment: the same row as CSV.
    const download = page.waitForEvent('download');
    await commission.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^commission-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain(`${partner.id},${partner.name},${month(0)},1,20000,5,1000,GBP`);

    // A chart's figure opens the list it counts.
    await pipeline.getByRole('link', { name: 'Proposal: 1 deal, £10,000.00 (weighted £6,000.00)' }).click();
    await expect(page).toHaveURL(`/deals/list?f.stageId=equals%3A${stage('Proposal')}`);
    await expect(page.getByRole('link', { name: 'Harbour flat' })).toBeVisible();

    // The dashboard's deal cards give the same totals and open the report.
    await page.goto('/');
    await expect(page.getByTestId('deals-pipeline-total')).toHaveText('£15,000.00');
    await expect(page.getByTestId('deals-weighted-forecast')).toHaveText('£10,000.00');
    await page.getByRole('link', { name: /Weighted forecast/ }).click();
    await expect(page).toHaveURL('/deals/report');
  });
});
