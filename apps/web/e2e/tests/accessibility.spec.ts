import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { adminApi, createAgencyViaApi } from './support/partners-setup';
import { createProductViaApi } from './support/products-setup';

/** WCAG 2.2 A and AA, as axe-core checks them; a serious or critical violation fails the screen. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);
const SCHEMES = ['light', 'dark'] as const;

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return found
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  let session: CrmApi;
  let screens: string[] = [];

  test.beforeAll(async ({ request }) => {
    session = await CrmApi.logIn(request);
    const api = await adminApi(request);
    const lead = await session.createContact({ name: 'Axe' });
    const customer = await session.createContact({ name: 'Axe', nationality: 'Turkey' });
    await session.convertContact(customer.id, { residency: 'Turkey', gender: 'MALE' });
    const agency = await createAgencyViaApi(request, api);
    const product = await createProductViaApi(request, api, `Axe Flat ${Date.now()}`);
    screens = [
      '/',
      '/profile',
      '/users',
      '/new-user',
      `/edit-user/${session.user.id}`,
      '/leads',
      '/new-lead',
      `/lead/${lead.id}`,
      '/customers',
      '/new-customer',
      '/agencies',
      '/new-agency',
      `/edit-agency/${agency.id}`,
      `/agency/${agency.id}`,
      '/products',
      `/product/${product.id}`,
      '/product-categories',
      `/customer/${customer.id}`,
      '/my-tasks',
      '/imports',
      '/imports/new',
      '/duplicates',
      '/deals/report',
    ];
  });

  for (const scheme of SCHEMES) {
    test(`the login screen, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      await settled(page);
      expect(await violations(page)).toEqual([]);
    });

    // One test per half of the screens, so that a slow machine does not run one test for minutes.
    for (const half of [0, 1]) {
      test(`signed-in screens, part ${half + 1} of 2, ${scheme}`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.emulateMedia({ colorScheme: scheme });
        await openSignedIn(page, session, '/');
        const found: Record<string, string[]> = {};
        const middle = Math.ceil(screens.length / 2);
        for (const path of half === 0 ? screens.slice(0, middle) : screens.slice(middle)) {
          await page.goto(path);
          await settled(page);
          const problems = await violations(page);
          if (problems.length > 0) found[path] = problems;
        }
        expect(found).toEqual({});
      });
    }
  }
});
