import { expect, type Locator, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';

const SCHEMES = [
  { scheme: 'light', palette: '--mantine-color-blue-0', track: '--mantine-color-gray-2' },
  { scheme: 'dark', palette: '--mantine-color-dark-5', track: '--mantine-color-dark-4' },
] as const;

/** The colour a CSS variable resolves to in this page, as computed styles write colours. */
function resolvedColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, variable);
}

function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.describe('styles that survive the build', () => {
  let session: CrmApi;

  test.beforeAll(async ({ request }) => {
    session = await CrmApi.logIn(request);
    await session.createContact({ name: 'Colour' });
  });

  for (const { scheme, palette, track } of SCHEMES) {
    test(`the palette's highlighted result and the completeness track have their colours, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openSignedIn(page, session, '/leads');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);

      const bar = page.getByRole('progressbar', { name: /^Profile \d+% complete$/ }).first();
      await expect(bar).toBeVisible();
      const trackColour = await backgroundOf(bar);
      expect(trackColour).not.toBe('rgba(0, 0, 0, 0)');
      expect(trackColour).toBe(await resolvedColour(page, track));

      await page.keyboard.press('Control+k');
      await page.getByRole('combobox', { name: 'Search everything' }).fill('Colour');
      const active = page.locator('[role="option"][data-active]').first();
      await expect(active).toBeVisible();
      const highlighted = await backgroundOf(active);
      expect(highlighted).not.toBe('rgba(0, 0, 0, 0)');
      expect(highlighted).toBe(await resolvedColour(page, palette));
    });
  }
});
