import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { adminApi, createAgencyViaApi } from './support/partners-setup';

/** Issue: every list and detail fits at 1280 (sidebar open), 1024 and 390 px wide. */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;
const LISTS = ['/leads', '/customers', '/agencies', '/products', '/users'] as const;

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** How far each table's own scroller runs sideways beyond what it shows. */
async function tableOverflow(page: Page): Promise<number[]> {
  return page
    .locator('table')
    .evaluateAll((tables) =>
      tables.map((table) =>
        table.parentElement ? table.parentElement.scrollWidth - table.parentElement.clientWidth : 0,
      ),
    );
}

test.describe('screens that fit', () => {
  let session: CrmApi;
  let leadId: number;
  let surname: string;
  let agencyId: number;

  test.beforeAll(async ({ request }) => {
    session = await CrmApi.logIn(request);
    surname = `Papadopoulou-Christodoulidou ${uniqueSurname()}`;
    const lead = await session.createContact({
      name: 'Maximiliana-Alexandra',
      surname,
      email: 'maximiliana.alexandra.papadopoulou.christodoulidou@long-domain-example.com',
    });
    leadId = lead.id;
    const agency = await createAgencyViaApi(request, await adminApi(request), {
      name: 'Mediterranean Coastal Residences and Property Management',
    });
    agencyId = agency.id;
  });

  for (const size of WIDTHS) {
    test(`no list or detail runs off the screen at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      const screens = [...LISTS, `/lead/${leadId}`, `/agency/${agencyId}`];
      await openSignedIn(page, session, screens[0] as string);
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await pageOverflow(page), `${path} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(
          0,
        );
        if (size.width === 1280 && LISTS.includes(path as (typeof LISTS)[number])) {
          for (const overflow of await tableOverflow(page)) {
            expect(overflow, `${path}: every column shows at 1280 px`).toBeLessThanOrEqual(0);
          }
        }
      }
    });
  }

  test('at 1024 px a wide list scrolls inside its frame, with the Actions column pinned in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openSignedIn(page, session, '/agencies');
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await expect(actions).toBeVisible();
    const box = await actions.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
  });

  test('under 768 px a list is a column of cards with large WhatsApp and Call buttons; sort and filters in a sheet', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, session, '/leads');
    await expect(page.locator('table')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(surname);
    const card = page.getByRole('listitem').filter({ hasText: surname });
    await expect(card).toHaveCount(1);
    for (const name of [/^WhatsApp/, /^Call/]) {
      const button = card.getByRole('link', { name });
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    await expect(card.getByRole('checkbox', { name: /^Select / })).toBeVisible();
    // Sort and filters wait in one sheet (issue 24).
    await page.getByRole('button', { name: 'Sort & filter' }).click();
    const sheet = page.getByRole('dialog', { name: 'Sort & filter' });
    await expect(sheet.getByRole('button', { name: 'Sort by Name' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Filter E-Mail' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await card.getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: 'Deactivate Selected' })).toBeEnabled();
  });
});
