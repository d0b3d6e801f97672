import { expect, test } from '@playwright/test';
import { ADMIN } from './support/constants';
import { choose } from './support/contacts-ui';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { expectToast, sidebar } from './support/ui';

// Its own server on its own empty database: the suite's database has records from other specs.
let server: FreshServer;
test.beforeAll(async () => {
  server = await startFreshServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test.describe('first run (issue 13)', () => {
  test('on an empty database the dashboard guides the first admin, and gives way to the charts', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const base = server.baseURL;
    await page.goto(`${base}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const guide = page.getByRole('region', { name: 'Getting started' });
    await expect(guide).toContainText('There are no contacts yet.');
    await expect(page.getByTestId('count-leads')).toHaveText('0');
    await expect(page.getByRole('heading', { name: 'Charts' })).toHaveCount(0);

    // Each step opens its screen.
    const steps = [
      ['Add users', '/new-user', 'Add New User'],
      ['Add a partner', '/new-agency', 'Add New Partner'],
      ['Import leads', '/imports/new?entity=contacts&type=LEAD', 'Import Leads'],
    ] as const;
    for (const [label, path, heading] of steps) {
      await guide.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(`${base}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.goBack();
      await expect(guide).toBeVisible();
    }

    // The first lead, from the guide: the dashboard then shows its charts instead.
    await guide.getByRole('link', { name: 'Add a lead' }).click();
    await expect(page).toHaveURL(`${base}/new-lead`);
    await page.getByRole('textbox', { name: 'First Name' }).fill('First');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Lead');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5321234567');
    await choose(page, 'Source', 'Facebook');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');

    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
    await expect(page.getByTestId('count-leads')).toHaveText('1');
    await expect(
      page.getByRole('region', { name: 'Leads by source' }).getByRole('link', { name: 'Facebook: 1' }),
    ).toBeVisible();
  });
});
