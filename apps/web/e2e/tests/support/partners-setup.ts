import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './constants';
import { bearer, uniqueTag } from './session';
import { sidebar } from './ui';

/** Set-up data only: the scenarios themselves go through the screens. */

export interface AgencyMade {
  id: number;
  name: string;
  email: string;
  city: string;
  country: string;
}

export interface ContactMade {
  id: number;
  name: string;
  surname: string;
  fullName: string;
}

let officeCounter = 0;
/** A Turkish mobile number no other agency of this run has, as 12 digits (90 5xx xxx xx xx). */
export function uniqueOfficeDigits(): string {
  officeCounter += 1;
  const tail = `${Date.now() % 100_000}${officeCounter % 100}`.padStart(7, '0').slice(-7);
  return `90542${tail}`.slice(0, 12);
}

/** A partner name that no other test uses, e.g. "Harbour Qabcdefgh". */
export function uniquePartnerName(word: string): string {
  return `${word} ${uniqueTag()}`;
}

/** The admin's API token and user id, for setting up data. */
export interface ApiSession {
  token: string;
  userId: number;
}

export async function adminApi(request: APIRequestContext): Promise<ApiSession> {
  const res = await request.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status(), 'log the admin in through the API').toBe(200);
  const body = await res.json();
  return { token: body.token as string, userId: body.user.id as number };
}

/** Creates a partner through the API (the admin is its sales rep unless others are given). */
export async function createAgencyViaApi(
  request: APIRequestContext,
  api: ApiSession,
  options: { name?: string; city?: string; country?: string } = {},
): Promise<AgencyMade> {
  const name = options.name ?? uniquePartnerName('Agency');
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const city = options.city ?? 'Kyrenia';
  const country = options.country ?? 'Cyprus';
  const res = await request.post('/api/agencies', {
    headers: bearer(api.token),
    data: {
      name,
      officeNumber: uniqueOfficeDigits(),
      email,
      commissionRate: 5,
      country,
      city,
      type: 'COMPANY',
      parentAgencyId: null,
      assignedSalesRepIds: [api.userId],
    },
  });
  expect(res.status(), `create agency ${name} through the API: ${await res.text()}`).toBe(201);
  return { id: (await res.json()).id as number, name, email, city, country };
}

/** Creates a contact (lead or customer) referred by an agency, through the API. */
export async function createContactViaApi(
  request: APIRequestContext,
  api: ApiSession,
  options: { type?: 'LEAD' | 'CUSTOMER'; name: string; surname?: string; agencyId: number | null },
): Promise<ContactMade> {
  const surname = options.surname ?? uniqueTag();
  const type = options.type ?? 'LEAD';
  // A customer needs what converting a lead asks for (nationality, residency, gender).
  const customerFields =
    type === 'CUSTOMER' ? { nationality: 'Turkish', residency: 'Cyprus', gender: 'FEMALE' } : {};
  const res = await request.post('/api/contacts', {
    headers: bearer(api.token),
    data: {
      type,
      name: options.name,
      surname,
      phone: '905321234567',
      agencyId: options.agencyId,
      ...customerFields,
    },
  });
  expect(res.status(), `create contact ${options.name} through the API: ${await res.text()}`).toBe(201);
  return {
    id: (await res.json()).id as number,
    name: options.name,
    surname,
    fullName: `${options.name} ${surname}`,
  };
}

/** Puts one of the agency's contacts on its staff through the API (as the admin). */
export async function addStaffViaApi(
  request: APIRequestContext,
  api: ApiSession,
  agencyId: number,
  contactId: number,
): Promise<void> {
  const res = await request.post(`/api/agencies/${agencyId}/staff`, {
    headers: bearer(api.token),
    data: { contactId, position: 'SALES_REPRESENTATIVE' },
  });
  expect(res.status(), `add staff through the API: ${await res.text()}`).toBe(201);
}

/** Opens All Partners from the sidebar. */
export async function openPartnerList(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL(/\/agencies$/);
  await expect(page.getByRole('heading', { name: 'All Partners', level: 1 })).toBeVisible();
}

export function partnerSearch(page: Page): Locator {
  return page.getByLabel('Search partners');
}

/** The body rows of the first data table on the screen. */
export function tableRows(page: Page): Locator {
  return page.locator('tbody').getByRole('row');
}

export function partnerRow(page: Page, name: string): Locator {
  return tableRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Opens a partner's detail by following its name in All Partners (after searching for it). */
export async function openPartnerFromList(page: Page, name: string): Promise<void> {
  await openPartnerList(page);
  await partnerSearch(page).fill(name);
  await partnerRow(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/agency\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Partner Details', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/** The partner detail's card with the agency's fields and the edit pencil. */
export function agencyInfoCard(page: Page): Locator {
  return page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('button', { name: 'Edit agency info' }) });
}

/** The value shown under a label of the partner detail card (e.g. City). */
export function agencyField(page: Page, label: string): Locator {
  return agencyInfoCard(page).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

/** The staff card's list of members. */
export function staffList(page: Page): Locator {
  return page.getByRole('list', { name: 'Staff' });
}

export function staffMember(page: Page, fullName: string): Locator {
  return staffList(page).getByRole('listitem').filter({ hasText: fullName });
}

/** Opens a tab of the partner's tabbed card (Notes, Activities, Customers, Files). */
export async function openAgencyTab(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name });
}

/** One entry of the Activities timeline that contains `text`. */
export function activityEntry(activities: Locator, text: string): Locator {
  return activities.locator('.mantine-Timeline-item').filter({ hasText: text });
}
