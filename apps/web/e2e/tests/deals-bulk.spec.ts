import { expect, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { dialog, openSignedIn } from './support/contacts-ui';
import { bearer, uniqueTag } from './support/session';
import { expectToast, resultCount } from './support/ui';

/** The total the list shows: "110 results", with or without thousands separators. */
async function expectTotal(page: Page, total: number): Promise<void> {
  const shown = `(${total}|${total.toLocaleString('en')})`;
  await expect(resultCount(page)).toHaveText(new RegExp(`^${shown} results?$`), { timeout: 15_000 });
}

test.describe('deals list: bulk over a filter', () => {
  test('filter the deals list by stage, select all 110 matching, move them to Proposal as a job, and read the result', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const api = await CrmApi.logIn(request);
    const headers = bearer(api.token);
    const stages = (await (await request.get('/api/deal-stages', { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const stageId = (name: string) => stages.find((stage) => stage.name === name)!.id;
    const lead = await api.createContact({ name: 'Bulk' });
    const create = async (title: string, stage: string) => {
      const res = await request.post('/api/deals', {
        headers,
        data: { title, contactId: lead.id, stageId: stageId(stage) },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    // More than a page (50 rows) and more than the server changes within a request (100).
    for (let i = 0; i < 110; i++) await create(`${tag} flat ${String(i).padStart(3, '0')}`, 'New');
    // Found by the search but not by the stage filter: they stay where they are.
    for (const name of ['keep one', 'keep two']) await create(`${tag} ${name}`, 'Qualified');

    await openSignedIn(page, api, `/deals/list?q=${tag}&f.stageId=equals%3A${stageId('New')}`);
    await expectTotal(page, 110);

    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByRole('button', { name: 'Select all 110 matching' }).click();
    await expect(page.getByText('All 110 matching selected', { exact: true })).toBeVisible();
    await expect(page.getByText('110 deals selected', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Move stage' }).click();
    const move = dialog(page, 'Move deals');
    await expect(move).toContainText('110 deals selected');
    await move.getByRole('textbox', { name: 'Stage' }).click();
    await page.getByRole('option', { name: 'Proposal', exact: true }).click();
    await move.getByRole('button', { name: 'Move', exact: true }).click();

    // A job: its progress shows until it ends, then the outcome.
    await expect(page.getByText(/^Moving [\d,]+ of 110…$/)).toBeVisible();
    await expectToast(page, 'Moved 110 deals to Proposal');
    await expect(page.getByText('No deals match.', { exact: true })).toBeVisible();
    await expect(page.getByText('All 110 matching selected', { exact: true })).toHaveCount(0);

    // Every deal the filter found is in Proposal now; those it did not find stayed in Qualified.
    await page.goto(`/deals/list?q=${tag}&f.stageId=equals%3A${stageId('Proposal')}`);
    await expectTotal(page, 110);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${tag} flat` })
        .first(),
    ).toContainText('Proposal');
    await page.goto(`/deals/list?q=${tag}&f.stageId=equals%3A${stageId('Qualified')}`);
    await expectTotal(page, 2);
    await expect(page.getByRole('row').filter({ hasText: `${tag} keep one` })).toContainText('Qualified');
  });
});
