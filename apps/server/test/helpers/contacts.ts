import { foldCase, searchFold } from '@crm/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import type { SignedIn, TestApp } from './test-app.js';

/** A contact as the API answers it (the fields the tests read). */
export interface ContactJson {
  id: number;
  type: 'LEAD' | 'CUSTOMER';
  name: string;
  surname: string;
  phone: string;
  countryCode: string | null;
  email: string | null;
  nationality: string | null;
  residency: string | null;
  gender: string | null;
  source: string | null;
  notes: string;
  budget: number;
  agencyId: number | null;
  agency: { id: number; name: string } | null;
  owner: { id: number; name: string };
  assignedToId: number | null;
  assignedTo: { id: number; name: string } | null;
  completeness: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface NoteJson {
  id: number;
  content: string;
  isActive: boolean;
  createdAt: string;
  user: { id: number; name: string };
}

export interface FileJson {
  id: number;
  name: string;
  filename: string;
  url: string;
  mimeType: string;
  size: number;
  validUntil: string;
  isActive: boolean;
  createdAt: string;
  uploadedBy: { name: string };
  deletedBy: { name: string } | null;
}

export interface HistoryJson {
  id: number;
  kind: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  timestamp: string;
  user: { name: string } | null;
}

/** The smallest valid lead: a direct contact (no agency), so a source is required. */
export function leadPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'LEAD',
    name: 'Ali',
    surname: 'Veli',
    phone: '+90 532 123 45 67',
    source: 'Facebook',
    ...overrides,
  };
}

/** The smallest valid customer: a lead's fields plus nationality, residency and gender. */
export function customerPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return leadPayload({
    type: 'CUSTOMER',
    nationality: 'Turkish',
    residency: 'North Cyprus',
    gender: 'FEMALE',
    ...overrides,
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who` (or anonymously when `who` is undefined). */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  who?: SignedIn,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** Creates a contact over HTTP and answers it; fails loudly when the server refuses. */
export async function createContact(
  t: TestApp,
  who: SignedIn,
  payload: Record<string, unknown>,
): Promise<ContactJson> {
  const res = await call(t, 'POST', '/api/contacts', who, payload);
  if (res.statusCode !== 201) throw new Error(`create contact failed: ${res.statusCode} ${res.body}`);
  return res.json<ContactJson>();
}

/** The agency columns every version of the table has (its API comes later). */
interface AgencyRows {
  agencies: {
    id: Generated<number>;
    name: string;
    name_key: string;
    name_fold: string;
    is_active: number;
    created_at: string;
    updated_at: string;
  };
}

/** Inserts an agency row straight into the database, with the name key its write path keeps, and answers its id. */
export async function insertAgency(t: TestApp, name: string, options: { active?: boolean } = {}) {
  const at = new Date().toISOString();
  const db = t.db as unknown as Kysely<AgencyRows>;
  const { id } = await db
    .insertInto('agencies')
    .values({
      name,
      name_key: foldCase(name),
      name_fold: searchFold(name),
      is_active: options.active === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let tagCounter = 0;
/** A short unique word (letters only), for isolating the rows of one test in a shared database. */
export function uniqueTag(prefix = 'tag'): string {
  tagCounter += 1;
  const letters = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  return `${prefix}${'abcdefghij'[tagCounter % 10]}${letters}${'klmnopqrst'[Math.floor(tagCounter / 10) % 10]}`;
}

/** A date `days` from today (UTC), as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
