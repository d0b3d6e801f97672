import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { choose, dialog, openSignedIn } from './support/contacts-ui';
import { adminApi, createProductViaApi } from './support/products-setup';
import { bearer, createUserViaApi, newPersonPage, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

interface Stage {
  id: number;
  name: string;
  kind: string;
  isActive: boolean;
}

/** A stage's column: a region named by its heading. */
const column = (page: Page, stage: string): Locator => page.getByRole('region', { name: stage, exact: true });
const count = (page: Page, stage: string): Locator => column(page, stage).getByTestId('column-count');
const card = (page: Page, stage: string, title: string): Locator =>
  column(page, stage).getByRole('button', { name: new RegExp(`^${title},`) });

/** Presses and moves the mouse as a person drags: a few steps to pick up, then to the column. */
async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('card or column not on screen');
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 4, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + 160, { steps: 12 });
  await page.mouse.up();
}

/** The active stages after `from`, up to and including `to`, in the board's order. */
function stagesBetween(stages: Stage[], from: string, to: string): string[] {
  const names = stages.filter((s) => s.isActive).map((s) => s.name);
  return names.slice(names.indexOf(from) + 1, names.indexOf(to) + 1);
}

/**
 * Right arrow once per column, hearing each time which stage the carried card is over. First it
 * waits to hear where the card was picked up, as a screen reader's user does: until the board has
 * measured its columns, an arrow has nowhere to carry the card.
 */
async function carryRight(page: Page, title: string, from: string, columns: string[]): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: `Deal ${title} is over ${from}.` })).toBeAttached();
  for (const name of columns) {
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('status').filter({ hasText: `Deal ${title} is over ${name}.` }),
    ).toBeAttached();
  }
}

test.describe('the deals board (issue 25)', () => {
  test('a card dragged with the mouse and carried with the keyboard to Won, the lead converted, and seen live elsewhere', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    // The deal's owner is a new person, so that the board filtered by them holds this deal alone.
    const owner = await createUserViaApi(request, { firstName: 'Board', surname: uniqueTag() });
    const lead = await admin.createContact({ name: 'Selin', nationality: 'Germany', residency: 'Germany' });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(admin.token) })
    ).json()) as Stage[];
    const stage = (name: string) => stages.find((s) => s.name === name) as Stage;
    const title = `Villa ${uniqueTag()}`;
    const created = await request.post('/api/deals', {
      headers: bearer(admin.token),
      data: {
        title,
        contactId: lead.id,
        ownerId: owner.id,
        stageId: stage('New').id,
        amount: 12500,
        expectedCloseDate: '2026-12-15',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const path = `/deals?owner=${owner.id}`;

    // A second person watching the same board.
    const watcher = await newPersonPage(browser);
    await openSignedIn(watcher, admin, path);
    await expect(count(watcher, 'New')).toHaveText('1');
    await expect(count(watcher, 'Qualified')).toHaveText('0');

    await openSignedIn(page, admin, path);
    await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New deal' })).toHaveAttribute('href', '/deals/new');
    await expect(page.getByRole('link', { name: 'List' })).toHaveAttribute('href', '/deals/list');
    await expect(page.getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/deals/report');
    // The filter is in the URL and on the screen.
    await expect(page.getByRole('textbox', { name: 'Owner' })).toHaveValue(owner.name);

    const newCard = card(page, 'New', title);
    await expect(newCard).toContainText(fullName(lead));
    await expect(newCard).toContainText('£12,500.00');
    await expect(newCard).toContainText('15.12.2026');
    await expect(newCard).toContainText(owner.name);
    await expect(count(page, 'New')).toHaveText('1');
    await expect(column(page, 'New').getByTestId('column-total')).toHaveText('£12,500.00');

    await dragWithMouse(page, newCard, column(page, 'Qualified'));
    await expect(card(page, 'Qualified', title)).toBeVisible();
    await expect(count(page, 'New')).toHaveText('0');
    await expect(count(page, 'Qualified')).toHaveText('1');
    await expect(column(page, 'Qualified').getByTestId('column-total')).toHaveText('£12,500.00');
    await expect(column(page, 'New').getByTestId('column-total')).toHaveText('£0.00');

    // The other browser sees the move without reloading.
    await expect(card(watcher, 'Qualified', title)).toBeVisible();
    await expect(count(watcher, 'New')).toHaveText('0');
    await expect(count(watcher, 'Qualified')).toHaveText('1');

    // With the keyboard: Space picks it up, Right carries it a column at a time, Space drops it.
    const qualified = card(page, 'Qualified', title);
    await qualified.focus();
    await page.keyboard.press('Space');
    await carryRight(page, title, 'Qualified', stagesBetween(stages, 'Qualified', 'Won'));
    await page.keyboard.press('Space');

    await expect(card(page, 'Won', title)).toBeVisible();
    await expect(count(page, 'Won')).toHaveText('1');
    await expect(count(page, 'Qualified')).toHaveText('0');

    // The lead's deal is won: the conversion dialog asks only what the lead lacks.
    const convert = dialog(page, 'Convert to Customer');
    await expect(convert).toContainText(`Convert ${fullName(lead)} to a customer?`);
    await expect(convert.getByRole('textbox', { name: 'Nationality', exact: true })).toHaveCount(0);
    await choose(convert, 'Gender', 'Female');
    await convert.getByRole('button', { name: 'Yes, Convert' }).click();
    await expectToast(page, 'Lead successfully converted to customer!');
    await expect(convert).toBeHidden();
    const converted = await request.get(`/api/contacts/${lead.id}`, { headers: bearer(admin.token) });
    expect((await converted.json()).type).toBe('CUSTOMER');

    await expect(card(watcher, 'Won', title)).toBeVisible();
    await watcher.context().close();
  });

  test('Lost asks for a reason, and a stale move is put back with a message', async ({ page, request }) => {
    const admin = await CrmApi.logIn(request);
    const owner = await createUserViaApi(request, { firstName: 'Lost', surname: uniqueTag() });
    const contact = await admin.createContact({ name: 'Kerem' });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(admin.token) })
    ).json()) as Stage[];
    const stage = (name: string) => stages.find((s) => s.name === name) as Stage;
    const reasons = (await (
      await request.get('/api/deal-lost-reasons', { headers: bearer(admin.token) })
    ).json()) as {
      name: string;
      isActive: boolean;
    }[];
    const reason = reasons.find((r) => r.isActive)?.name as string;
    const title = `Flat ${uniqueTag()}`;
    const res = await request.post('/api/deals', {
      headers: bearer(admin.token),
      data: { title, contactId: contact.id, ownerId: owner.id, stageId: stage('New').id, amount: 900 },
    });
    expect(res.status()).toBe(201);
    const deal = (await res.json()) as { id: number; version: number };

    await openSignedIn(page, admin, `/deals?owner=${owner.id}`);
    await expect(count(page, 'New')).toHaveText('1');

    // Someone else moves it first, and this board does not hear of it: it still holds version 1.
    await page.route('**/api/deals/board/**', (route) => route.abort());
    const other = await request.patch(`/api/deals/${deal.id}/stage`, {
      headers: bearer(admin.token),
      data: { stageId: stage('Qualified').id, version: deal.version },
    });
    expect(other.status()).toBe(200);
    await dragWithMouse(page, card(page, 'New', title), column(page, 'Viewing'));
    await expect(
      page.getByRole('alert').getByText(/^This deal was changed by .+ since you opened it\.$/),
    ).toBeVisible();
    await expect(card(page, 'New', title)).toBeVisible();
    await expect(count(page, 'New')).toHaveText('1');
    await expect(count(page, 'Viewing')).toHaveText('0');
    await page.unroute('**/api/deals/board/**');
    await page.reload();
    await expect(card(page, 'Qualified', title)).toBeVisible();

    // To Lost with the keyboard: the reason is asked, and required.
    await card(page, 'Qualified', title).focus();
    await page.keyboard.press('Space');
    await carryRight(page, title, 'Qualified', stagesBetween(stages, 'Qualified', 'Lost'));
    await page.keyboard.press('Space');
    const lost = dialog(page, 'Why was this deal lost?');
    await lost.getByRole('button', { name: 'Move to Lost' }).click();
    await expect(lost).toContainText('Choose a lost reason');
    await choose(lost, 'Lost reason', reason);
    await lost.getByRole('textbox', { name: 'Details' }).fill('Bought elsewhere in town');
    await lost.getByRole('button', { name: 'Move to Lost' }).click();
    await expect(lost).toBeHidden();
    await expect(card(page, 'Lost', title)).toBeVisible();
    await expect(count(page, 'Lost')).toHaveText('1');
    const saved = (await (
      await request.get(`/api/deals/${deal.id}`, { headers: bearer(admin.token) })
    ).json()) as {
      lostReason: { name: string } | null;
      lostReasonText: string | null;
    };
    expect(saved.lostReason?.name).toBe(reason);
    expect(saved.lostReasonText).toBe('Bought elsewhere in town');
  });

  test('fits 1280, 1024 and 390 px wide, and its product filter is kept in the URL', async ({
    page,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const owner = await createUserViaApi(request, { firstName: 'Wide', surname: uniqueTag() });
    const contact = await admin.createContact({ name: 'Ada' });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(admin.token) })
    ).json()) as Stage[];
    const newStage = stages.find((s) => s.name === 'New') as Stage;
    const productTitle = `Loft ${uniqueTag()}`;
    const { id: productId } = await createProductViaApi(request, await adminApi(request), productTitle);
    const withLine = `With loft ${uniqueTag()}`;
    const without = `No loft ${uniqueTag()}`;
    for (const [title, lines] of [
      [withLine, [{ productId }]],
      [without, []],
    ] as const) {
      const res = await request.post('/api/deals', {
        headers: bearer(admin.token),
        data: { title, contactId: contact.id, ownerId: owner.id, stageId: newStage.id, amount: 100, lines },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await openSignedIn(page, admin, `/deals?owner=${owner.id}`);
      await expect(count(page, 'New')).toHaveText('2');
      await expect(card(page, 'New', withLine)).toBeInViewport();
      // The page never scrolls sideways: the board does, inside it.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `page overflow at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 1280) {
        // WCAG 2.2 A and AA as axe checks them: no serious or critical finding on the board.
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
          [],
        );
      }
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    const picker = page.getByRole('textbox', { name: 'Product', exact: true });
    await picker.click();
    await picker.fill(productTitle);
    await page.getByRole('option', { name: productTitle, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]product=${productId}`));
    await expect(count(page, 'New')).toHaveText('1');
    await expect(card(page, 'New', withLine)).toBeVisible();
    await page.reload();
    await expect(picker).toHaveValue(productTitle);
    await expect(count(page, 'New')).toHaveText('1');
  });
});
