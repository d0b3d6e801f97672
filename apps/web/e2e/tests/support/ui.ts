import { expect, type Locator, type Page } from '@playwright/test';

/** A toast (Mantine notification, role "alert") whose whole text is `text`. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').getByText(text, { exact: true });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Sidebar' });
}

export function greeting(page: Page): Locator {
  return page.getByTestId('greeting');
}

/** "Good morning|afternoon|evening" as the browser's clock says now (000 §2.4). */
export async function expectedGreeting(page: Page, name: string): Promise<string> {
  const hour = await page.evaluate(() => new Date().getHours());
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return `Good ${part}, ${name}`;
}

/** The users list's search box. */
export function userSearch(page: Page): Locator {
  return page.getByLabel('Search users');
}

/** The rows of the users table (header row excluded). */
export function userRows(page: Page): Locator {
  return page.locator('tbody').getByRole('row');
}

export function userRow(page: Page, text: string): Locator {
  return userRows(page).filter({ hasText: text });
}

export function resultCount(page: Page): Locator {
  return page.getByTestId('table-total');
}

/** Opens All Users from the sidebar and searches it. */
export async function openUsersAndSearch(page: Page, text: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await userSearch(page).fill(text);
}

/** The column header that holds the sort toggle "Sort by {header}". */
export function columnHeader(page: Page, header: string): Locator {
  return page.locator('th', { has: page.getByRole('button', { name: `Sort by ${header}` }) });
}
