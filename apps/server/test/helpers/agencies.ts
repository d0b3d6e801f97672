import type { LightMyRequestResponse } from 'fastify';
import type { SignedIn, TestApp } from './test-app.js';

/** An agency as the API answers it (list rows and the detail share these fields). */
export interface AgencyJson {
  id: number;
  name: string;
  officeNumber: string;
  countryCode: string | null;
  email: string;
  commissionRate: number;
  country: string;
  city: string;
  type: 'COMPANY' | 'INDIVIDUAL';
  parentAgencyId: number | null;
  parentAgency: { id: number; name: string } | null;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AgencyDetailJson extends AgencyJson {
  assignedSalesRepIds: number[];
  assignedSalesReps: { id: number; name: string; email: string; isActive: boolean }[];
  files: { id: number; name: string; isActive: boolean }[];
}

export interface StaffJson {
  id: number;
  position: string;
  isActive: boolean;
  createdAt: string;
  contact: { id: number; name: string; surname: string; email: string | null; phone: string };
}

export interface AgencyHistoryJson {
  id: number;
  kind: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  timestamp: string;
  user: { name: string } | null;
  contact: { name: string } | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who`, or anonymously when `who` is null. */
export function api(
  t: TestApp,
  method: Method,
  url: string,
  who: SignedIn | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

let agencyCounter = 0;
/** A unique number per call, so that agencies of one file never look like duplicates by accident. */
function nextNumber(): number {
  agencyCounter += 1;
  return agencyCounter;
}

/** A valid agency form; office number and e-mail unique per call unless overridden. */
export function agencyPayload(
  repIds: number[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const n = nextNumber();
  const suffix = `${process.pid % 1000}${n}`.padStart(6, '0');
  return {
    name: `Agency ${n}`,
    officeNumber: `90392${suffix}`.slice(0, 15),
    email: `agency${n}.${suffix}@example.com`,
    commissionRate: 5,
    country: 'Cyprus',
    city: 'Kyrenia',
    type: 'COMPANY',
    parentAgencyId: 0,
    assignedSalesRepIds: repIds,
    ...overrides,
  };
}

/** Creates an agency over HTTP and answers it; fails loudly when the server refuses. */
export async function createAgency(
  t: TestApp,
  who: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<AgencyDetailJson> {
  const res = await api(t, 'POST', '/api/agencies', who, agencyPayload([who.id], overrides));
  if (res.statusCode !== 201) throw new Error(`create agency failed: ${res.statusCode} ${res.body}`);
  return res.json<AgencyDetailJson>();
}

/** The form fields of an existing agency, as an edit dialog would send them back. */
export function formOf(agency: AgencyDetailJson, overrides: Record<string, unknown> = {}) {
  return {
    name: agency.name,
    officeNumber: agency.officeNumber,
    countryCode: agency.countryCode,
    email: agency.email,
    commissionRate: agency.commissionRate,
    country: agency.country,
    city: agency.city,
    type: agency.type,
    parentAgencyId: agency.parentAgencyId,
    assignedSalesRepIds: agency.assignedSalesRepIds,
    ...overrides,
  };
}

/** A lead referred by the agency (a contact with an agency needs no source). */
export async function createAgencyContact(
  t: TestApp,
  who: SignedIn,
  agencyId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; name: string; surname: string; type: string }> {
  const res = await api(t, 'POST', '/api/contacts', who, {
    type: 'LEAD',
    name: 'Staff',
    surname: 'Member',
    phone: '905321234567',
    agencyId,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create contact failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function historyOf(t: TestApp, who: SignedIn, agencyId: number): Promise<AgencyHistoryJson[]> {
  const res = await api(t, 'GET', `/api/agencies/${agencyId}/history`, who);
  if (res.statusCode !== 200) throw new Error(`history failed: ${res.statusCode} ${res.body}`);
  return res.json<AgencyHistoryJson[]>();
}

/** A date `days` from today (UTC), as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
