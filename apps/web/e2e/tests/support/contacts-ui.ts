import { expect, type Locator, type Page } from '@playwright/test';
import type { CrmApi } from './contacts-api';
import { sidebar } from './ui';

/** The contacts screens as a person reads them (001 §2). */

/**
 * Opens `path` signed in as the API session's user: the token and user record go into the browser's
 * storage as the login screen leaves them (000 §3.1), which saves each test the login form (the
 * auth specs and a few contacts tests go through it).
 */
export async function openSignedIn(page: Page, session: CrmApi, path: string): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (window.localStorage.getItem('token') === null) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto(path);
}

export function searchBox(page: Page, list: 'leads' | 'customers' = 'leads'): Locator {
  return page.getByRole('searchbox', { name: `Search ${list}` });
}

/** The rows of the contacts table (header row excluded). */
export function contactRows(page: Page): Locator {
  return page.locator('tbody').getByRole('row');
}

export function contactRow(page: Page, name: string): Locator {
  return contactRows(page).filter({ hasText: name });
}

/** Opens Leads from the sidebar. */
export async function openLeads(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
}

/** Opens Leads and searches them, waiting until every row on screen matches the search. */
export async function searchLeads(page: Page, text: string, expectedRows: number): Promise<void> {
  await openLeads(page);
  await searchBox(page).fill(text);
  await expect(contactRows(page)).toHaveCount(expectedRows);
}

/** The column header with the sort toggle "Sort by {header}". */
export function header(page: Page, name: string): Locator {
  return page.locator('th', { has: page.getByRole('button', { name: `Sort by ${name}`, exact: true }) });
}

/** Opens a row's action menu and picks an item (View, Convert, Deactivate). */
export async function rowAction(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** A Mantine select or country picker: opens it and clicks the option (typing first to narrow it). */
export async function choose(scope: Page | Locator, label: string, option: string, type = false) {
  const page = 'page' in scope ? scope.page() : scope;
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  if (type) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** The value under a label of the detail grid, e.g. "City" → "Ankara". */
export function detailField(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Presses the confirm button of a Mantine confirmation dialog. */
export async function confirm(page: Page, title: string, button: string): Promise<void> {
  const box = dialog(page, title);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: button, exact: true }).click();
  await expect(box).toBeHidden();
}

/** "21 November 2025": the name of a day button in Mantine's calendar. */
export function calendarDayLabel(date: Date): string {
  const month = date.toLocaleString('en-GB', { month: 'long' });
  return `${date.getDate()} ${month} ${date.getFullYear()}`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "N results" above the table. */
export function resultTotal(page: Page): Locator {
  return page.getByTestId('table-total');
}

/** The cell of `row` under the column header `column`, e.g. "Assigned To". */
export async function cellUnder(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(column);
  expect(index, `a column headed ${column}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** Opens /leads signed in as the API session's user. */
export async function openLeadsSignedIn(page: Page, session: CrmApi): Promise<void> {
  await openSignedIn(page, session, '/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
}
