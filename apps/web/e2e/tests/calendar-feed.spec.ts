import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiToken, bearer, createUserViaApi, logInThroughForm } from './support/session';
import { expectToast, sidebar } from './support/ui';

test.describe('task calendar feed', () => {
  test('a person makes their feed URL in the profile, a calendar reads it, and regenerating kills the old URL', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, { firstName: 'Feed', surname: 'Reader' });
    const token = await apiToken(request, user.email, user.password);
    const title = `Visit the site ${Date.now()}`;
    const task = await request.post('/api/tasks', {
      headers: bearer(token),
      data: { title, dueAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(task.status(), await task.text()).toBe(201);

    await logInThroughForm(page, user.email, user.password);
    await sidebar(page).getByRole('link', { name: 'My Profile' }).click();
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Create feed URL' }).click();
    await expectToast(page, 'Calendar feed URL created');

    const field = card.getByRole('textbox', { name: 'Feed URL' });
    await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(field).toHaveAttribute('readonly', '');
    await expect(card.getByRole('button', { name: 'Copy feed URL' })).toBeVisible();
    const firstUrl = await field.inputValue();

    // A calendar program has no session: the address alone opens the feed.
    const feed = await page.request.get(firstUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`SUMMARY:${title}`);

    await card.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the feed URL?' });
    await expect(dialog).toContainText('The current URL stops working at once');
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await expect(field).not.toHaveValue(firstUrl);
    const secondUrl = await field.inputValue();

    const old = await page.request.get(firstUrl);
    expect(old.status()).toBe(404);
    expect(await old.json()).toEqual({ error: 'Calendar feed not found' });
    expect((await page.request.get(secondUrl)).status()).toBe(200);

    // After a reload the address is no longer shown: it was shown once.
    await page.reload();
    await expect(card.getByText(/Your feed is on/)).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Feed URL' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off the calendar feed?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await expectToast(page, 'Calendar feed turned off');
    await expect(card.getByRole('button', { name: 'Create feed URL' })).toBeVisible();
    expect((await page.request.get(secondUrl)).status()).toBe(404);
  });

  test('the section fits a 390 px screen and passes axe (WCAG 2.2 AA) in both schemes', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createUserViaApi(request, { firstName: 'Narrow', surname: 'Screen' });
    await logInThroughForm(page, user.email, user.password);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Create feed URL' }).click();
    const field = card.getByRole('textbox', { name: 'Feed URL' });
    await expect(field).toBeVisible();
    const copy = card.getByRole('button', { name: 'Copy feed URL' });
    const box = await copy.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const { violations } = await new AxeBuilder({ page })
        .include('section[aria-labelledby="calendar-feed-title"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(violations.map((violation) => `${scheme}: ${violation.id}`)).toEqual([]);
    }
  });
});
