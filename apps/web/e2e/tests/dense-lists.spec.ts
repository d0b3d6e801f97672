import { expect, type Locator, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { contactRows, header, openSignedIn, searchBox } from './support/contacts-ui';
import { createUserViaApi, logInThroughForm } from './support/session';
import { sidebar } from './support/ui';

/** Issue 24 §5: lists that show more. */

/** The element that scrolls a list's rows (the table's frame). */
function scroller(page: Page): Locator {
  return page.locator('table').locator('xpath=..');
}

/** Creates `count` leads named "Row {n} {surname}", a few at a time. */
async function createLeads(api: CrmApi, surname: string, count: number): Promise<void> {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  for (let start = 0; start < numbers.length; start += 8) {
    await Promise.all(
      numbers.slice(start, start + 8).map((n) => api.createContact({ name: `Row ${n}`, surname })),
    );
  }
}

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'the element is on the screen').not.toBeNull();
  return box?.width ?? 0;
}

test.describe('dense lists', () => {
  let api: CrmApi;
  let surname: string;
  const longEmail = 'maximiliana.alexandra.papadopoulou.christodoulidou.office@long-domain-example.com';

  test.beforeAll(async ({ request }) => {
    api = await CrmApi.logIn(request);
    surname = uniqueSurname();
    await createLeads(api, surname, 60);
    await api.createContact({ name: 'Long', surname, email: longEmail });
  });

  test('rows are 40 px high and the list fills the window to its bottom edge, with no second scrollbar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(surname);
    await expect(page.getByTestId('table-total')).toHaveText('61 results');
    const rows = contactRows(page);
    await expect(rows.first()).toBeVisible();

    const first = await rows.first().boundingBox();
    expect(first?.height).toBeGreaterThanOrEqual(38);
    expect(first?.height).toBeLessThanOrEqual(42);
    // Placed by the virtualizer at the same height: the tenth row sits nine rows below the first.
    const tenth = await page.locator('tbody tr[aria-rowindex="11"]').boundingBox();
    expect((tenth?.y ?? 0) - (first?.y ?? 0)).toBeCloseTo(9 * (first?.height ?? 0), 0);

    // The list reaches down to the page's bottom padding, and the page itself does not scroll.
    const box = await scroller(page).boundingBox();
    const bottom = (box?.y ?? 0) + (box?.height ?? 0);
    expect(bottom).toBeLessThanOrEqual(900);
    expect(bottom).toBeGreaterThanOrEqual(900 - 30);
    const pageScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(pageScroll, 'the page scrolls besides the list').toBeLessThanOrEqual(0);

    // At least twice the 7 rows a 900 px window showed with 80 px rows in a 600 px box.
    const shown = await rows.evaluateAll((trs) => {
      const frame = trs[0]?.closest('table')?.parentElement?.getBoundingClientRect();
      return trs.filter((tr) => {
        const r = tr.getBoundingClientRect();
        return frame !== undefined && r.top >= frame.top && r.bottom <= frame.bottom;
      }).length;
    });
    expect(shown).toBeGreaterThanOrEqual(14);
  });

  test('a value cut short by its column shows whole on hover', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, api, '/leads');
    await searchBox(page).fill(longEmail);
    await expect(contactRows(page)).toHaveCount(1);
    const value = contactRows(page).getByText(longEmail, { exact: true });
    // Cut with an ellipsis: the column is narrower than the address.
    expect(await value.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await value.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    await value.hover();
    await expect(value).toHaveAttribute('title', longEmail);
    // A short value that fits is not cut.
    const name = contactRows(page).getByRole('link', { name: `Long ${surname}` });
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  });

  test('a resized column keeps its width after a reload and after signing in again, for that person only', async ({
    page,
    request,
    browser,
  }) => {
    // Two sign-ins, a reload and a second browser: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const person = await createUserViaApi(request, { firstName: 'Resizer', surname: uniqueSurname() });
    await logInThroughForm(page, person.email, person.password);
    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(contactRows(page).first()).toBeVisible();

    const email = header(page, 'E-Mail');
    const before = await widthOf(email);
    const handle = page.getByRole('separator', { name: 'Resize E-Mail' });
    const edge = await handle.boundingBox();
    const x = (edge?.x ?? 0) + (edge?.width ?? 0) / 2;
    const y = (edge?.y ?? 0) + (edge?.height ?? 0) / 2;
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/views/columns/leads/widths') && res.request().method() === 'PUT',
    );
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y, { steps: 4 });
    await page.mouse.move(x + 120, y, { steps: 4 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    const widened = await widthOf(email);
    expect(widened).toBeGreaterThanOrEqual(before + 115);
    expect(widened).toBeLessThanOrEqual(before + 125);
    // The rows follow their header.
    const column = await email.evaluate((th) => [...(th.parentElement?.children ?? [])].indexOf(th));
    const cell = contactRows(page).first().locator('td').nth(column);
    expect(Math.abs((await widthOf(cell)) - widened)).toBeLessThanOrEqual(1);

    // From the keyboard: two presses of the right arrow add 32 px.
    await handle.focus();
    const keyed = page.waitForResponse(
      (res) => res.url().endsWith('/api/views/columns/leads/widths') && res.request().method() === 'PUT',
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect((await keyed).status()).toBe(200);
    const kept = await widthOf(email);
    expect(Math.round(kept)).toBe(Math.round(widened) + 32);
    await expect(handle).toHaveAttribute('aria-valuenow', String(Math.round(kept)));

    await page.reload();
    await expect(contactRows(page).first()).toBeVisible();
    await expect.poll(() => widthOf(header(page, 'E-Mail'))).toBeCloseTo(kept, 0);

    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, person.email, person.password);
    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(contactRows(page).first()).toBeVisible();
    await expect.poll(() => widthOf(header(page, 'E-Mail'))).toBeCloseTo(kept, 0);

    // Someone else's list keeps its own widths.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    const other = await context.newPage();
    await openSignedIn(other, api, '/leads');
    await expect(contactRows(other).first()).toBeVisible();
    // (the admin's rows have a checkbox column, so theirs is not quite the width the person started from).
    expect(await widthOf(header(other, 'E-Mail'))).toBeLessThan(kept - 100);
    await context.close();
  });

  test('at 1024 px every column can be read beside the pinned Actions column', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const path of ['/leads', '/agencies', '/products', '/users']) {
      await openSignedIn(page, api, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const actions = page.getByRole('columnheader', { name: 'Actions' });
      await expect(actions).toBeVisible();
      const frame = scroller(page);
      // The sideways scrollbar, if any, is on the screen, not below it.
      await expect
        .poll(async () => {
          const box = await frame.boundingBox();
          return (box?.y ?? 0) + (box?.height ?? 0);
        }, `${path}: the list ends inside the window`)
        .toBeLessThanOrEqual(768);
      // While columns run on under Actions, its edge casts a shadow; scrolled to the end, none.
      const shadow = () => actions.evaluate((th) => getComputedStyle(th).boxShadow);
      const wider = await frame.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (wider)
        await expect.poll(shadow, `${path}: Actions shows more to its right`).toContain('rgba(0, 0, 0, 0.3)');
      // Scrolled to its end, no header sits under the pinned Actions column.
      await frame.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect.poll(shadow).not.toContain('rgba(0, 0, 0, 0.3)');
      const pinned = await actions.boundingBox();
      const edges = await page
        .locator('thead th:not([data-pinned])')
        .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().right));
      for (const right of edges) {
        expect(right, `${path}: a column hides behind Actions`).toBeLessThanOrEqual((pinned?.x ?? 0) + 1);
      }
    }
  });
});

test.describe('position while scrolling', () => {
  let api: CrmApi;
  let surname: string;
  const COUNT = 1_010;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    api = await CrmApi.logIn(request);
    surname = uniqueSurname();
    await createLeads(api, surname, COUNT);
  });

  test('shows "rows first–last of total", with thousands separators, while the list scrolls', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Every lead, so that the total is counted exactly (a search counts up to 1,000).
    await openSignedIn(page, api, '/leads');
    await expect(page.getByTestId('table-total')).toHaveText(/^[\d,]+ results$/);
    const total = Number(((await page.getByTestId('table-total').textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(COUNT);
    const totalText = total.toLocaleString('en');
    expect(totalText).toMatch(/^\d{1,3}(,\d{3})+$/);
    const indicator = page.getByText(/^rows [\d,]+–[\d,]+ of [\d,]+$/);
    await expect(indicator).toHaveCount(0);

    const frame = scroller(page);
    await expect(contactRows(page).first()).toBeVisible();
    // Twenty rows down: row 21 is the first under the header.
    const shown = await frame.evaluate((el) => {
      el.scrollTop = 20 * 40;
      return el.clientHeight;
    });
    const last = Math.ceil((20 * 40 + shown - 40) / 40);
    await expect(indicator).toHaveText(`rows 21–${last} of ${totalText}`);
    await expect(page.locator('tbody tr[aria-rowindex="22"]')).toBeVisible();

    // With the wheel, as a person scrolls; the indicator goes once the list stops.
    await frame.hover();
    await page.mouse.wheel(0, 1200);
    await expect(indicator).toHaveText(new RegExp(`^rows \\d+–\\d+ of ${totalText}$`));
    await expect(indicator).toHaveCount(0, { timeout: 10_000 });
  });
});
