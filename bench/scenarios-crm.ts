import { gzipSync } from 'node:zlib';
import { type ListQuery, searchNeedle } from '@crm/domain';
import type { Db } from '../apps/server/src/db/database.js';
import { type ListSpec, parseListQuery } from '../apps/server/src/db/list-query.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import {
  agencyListSpec,
  findAgency,
  listAgencies,
  salesRepsOf,
} from '../apps/server/src/modules/agencies/agencies.repository.js';
import {
  contactListSpec,
  countContacts,
  listContacts,
} from '../apps/server/src/modules/contacts/contact-list.repository.js';
import { findContact } from '../apps/server/src/modules/contacts/contacts.repository.js';
import { parseContactType } from '../apps/server/src/modules/contacts/contacts.service.js';
import { recentContactActivity } from '../apps/server/src/modules/dashboard/dashboard.repository.js';
import { dashboardCharts } from '../apps/server/src/modules/dashboard/dashboard-charts.service.js';
import { listFiles } from '../apps/server/src/modules/files/files.repository.js';
import { listHistory } from '../apps/server/src/modules/history/history.repository.js';
import { listNotes } from '../apps/server/src/modules/notes/notes.repository.js';
import {
  categoriesOfProducts,
  findProduct,
  listProducts,
  productListSpec,
} from '../apps/server/src/modules/products/products.repository.js';
import { DEFAULT_PER_GROUP, searchGroups } from '../apps/server/src/modules/search/search.service.js';
import { SEED_ADMIN_EMAIL } from './generators/users.js';
import type { Scenario } from './scenario-types.js';

/**
 * Scenarios of the contacts (100,000 by default, a million with --contacts), partners and products
 * the seeder generates, with the p99 targets of their issues: a first page ≤ 25 ms, a page at any
 * offset ≤ 100 ms, a search (of any length) and every filter mode ≤ 50 ms, the dashboard's count,
 * a detail, notes and history ≤ 10 ms and recent activity ≤ 20 ms, on SQLite at 10 connections.
 * PostgreSQL is measured against no target (its figures are compared with SQLite's).
 *
 * Filter and search values are ones the seeder writes whatever the sizes (seed 1): common names,
 * a surname's fragment, an agency of the generated list, fragments of e-mails and phones. A lead's
 * exact e-mail and phone are read from the seeded data ({leadEmail}, {leadPhone}: bench/samples.ts).
 *
 * Each `direct` runner makes the same repository calls as the route's service, so that the
 * HTTP/database ratio compares like with like.
 */

const LIST_PAGE_MS = 25;
const DEEP_PAGE_MS = 100;
const SEARCH_MS = 50;
const FILTER_MS = 50;
const COUNT_MS = 10;
const RECENT_MS = 20;
const DETAIL_MS = 10;
/** The dashboard's five charts in one request, from trigger-kept totals (issue: ≤ 50 ms at 1,000,000). */
const CHARTS_MS = 50;

/** The record every detail scenario opens: the first one exists whatever counts were seeded. */
export const DETAIL_ID = 1;

/** A contact list's parameters read exactly as GET /api/contacts reads them (type apart). */
export function contactsDirect(db: Db, params: Record<string, string>) {
  const { type, ...rest } = params;
  const query = parseListQuery(rest, contactListSpec);
  const scope = { type: parseContactType(type) };
  return () => listContacts(db, scope, query);
}

/** Agencies and products: the repository's list call, plus what the service adds per page. */
function listDirect(list: (db: Db, query: ListQuery) => Promise<unknown>, spec: ListSpec) {
  return (db: Db, params: Record<string, string>) => {
    const query = parseListQuery(params, spec);
    return () => list(db, query);
  };
}

async function productPage(db: Db, query: ListQuery) {
  const { rows } = await listProducts(db, query);
  return categoriesOfProducts(
    db,
    rows.map((row) => row.id),
  );
}

const contactSorts = [
  ['name', 'asc'],
  ['agency', 'asc'],
  ['email', 'asc'],
  ['phone', 'asc'],
  ['createdBy', 'asc'],
  ['assignedTo', 'asc'],
  ['name', 'desc'],
  ['createdAt', 'desc'],
] as const;

/** The /leads screen's first request: 50 leads in the list's default order (newest first). */
export const LEADS_FIRST_PAGE = '/api/contacts?type=lead&limit=50';

export const CONTACT_SCENARIOS: readonly Scenario[] = [
  ...contactSorts.map(
    ([sort, order]): Scenario => ({
      name: `contacts: leads page of 100 by ${sort} ${order}`,
      path: `/api/contacts?type=lead&limit=100&sort=${sort}&order=${order}`,
      target: { sqlite: LIST_PAGE_MS },
      direct: contactsDirect,
    }),
  ),
  // The page by name again, compressed as a browser accepts it (autocannon asks for none): what
  // compression costs in requests per second. No target of its own.
  ...(['br', 'gzip'] as const).map(
    (encoding): Scenario => ({
      name: `contacts: leads page of 100 by name asc, ${encoding}`,
      path: '/api/contacts?type=lead&limit=100&sort=name&order=asc',
      headers: { 'accept-encoding': encoding },
      direct: contactsDirect,
    }),
  ),
  {
    // What the web app asks for (its page size is 50): no target of its own, shown for comparison.
    name: 'contacts: /leads first page of 50, newest first',
    path: LEADS_FIRST_PAGE,
    direct: contactsDirect,
  },
  {
    // A common Turkish surname (Demir, Özdemir): about 1.5% of the contacts.
    name: 'contacts: leads search q=demir',
    path: '/api/contacts?type=lead&q=demir&limit=50',
    target: { sqlite: SEARCH_MS },
    direct: contactsDirect,
  },
  {
    // Three letters in many names, surnames and e-mails (Andreas, Androulla, Alexander…): the broad case.
    name: 'contacts: leads search q=and',
    path: '/api/contacts?type=lead&q=and&limit=50',
    target: { sqlite: SEARCH_MS },
    direct: contactsDirect,
  },
  ...(
    [
      ['name', 'asc'],
      ['email', 'asc'],
      ['createdAt', 'desc'],
    ] as const
  ).map(
    ([sort, order]): Scenario => ({
      // Where dragging the scrollbar to the middle of a million contacts lands.
      name: `contacts: leads page of 100 at offset 50,000 by ${sort} ${order}`,
      path: `/api/contacts?type=lead&limit=100&offset=50000&sort=${sort}&order=${order}`,
      target: { sqlite: DEEP_PAGE_MS },
      direct: contactsDirect,
    }),
  ),
  ...[
    ['e-mail fragment q=example.net', 'example.net'],
    ['phone fragment q=5331', '5331'],
    ['2-letter search q=de', 'de'],
    ['1-letter search q=a', 'a'],
  ].map(
    ([label, q]): Scenario => ({
      name: `contacts: leads ${label}`,
      path: `/api/contacts?type=lead&q=${encodeURIComponent(q!)}&limit=50`,
      target: { sqlite: SEARCH_MS },
      direct: contactsDirect,
    }),
  ),
  ...[
    ['name equals', 'name', 'equals:nilgün denktaş'],
    ['name contains', 'name', 'contains:demir'],
    ['name containsIgnoreCase', 'name', 'containsIgnoreCase:DENKTAŞ'],
    ['e-mail equals', 'email', 'equals:{leadEmail}'],
    ['e-mail contains', 'email', 'contains:kinci48'],
    ['phone equals', 'phone', 'equals:{leadPhone}'],
    ['phone contains', 'phone', 'contains:65703'],
    ['agency equals', 'agency', 'equals:aegean developments'],
    ['agency contains', 'agency', 'contains:property'],
    ['created-by equals', 'createdBy', 'equals:christina vasiliou'],
    ['created-by contains', 'createdBy', 'contains:vasil'],
    ['assigned-to contains', 'assignedTo', 'contains:loizou'],
    ['created-at contains', 'createdAt', 'contains:2025-03-1'],
  ].map(
    ([label, column, filter]): Scenario => ({
      name: `contacts: leads filter ${label}`,
      path: `/api/contacts?type=lead&limit=50&filter.${column}=${encodeURIComponent(filter!)}`,
      target: { sqlite: FILTER_MS },
      direct: contactsDirect,
    }),
  ),
  {
    name: 'contacts: count of leads',
    path: '/api/contacts/count?type=lead',
    target: { sqlite: COUNT_MS },
    direct: (db) => () => countContacts(db, 'LEAD'),
  },
  {
    name: 'contacts: recent activity (50)',
    path: '/api/contacts/recent?limit=50',
    target: { sqlite: RECENT_MS },
    direct: (db) => () => recentContactActivity(db, 50),
  },
  {
    name: 'dashboard: charts',
    path: '/api/dashboard/charts',
    target: { sqlite: CHARTS_MS },
    direct: (db) => () => dashboardCharts(db),
  },
  {
    name: 'contacts: detail',
    path: `/api/contacts/${DETAIL_ID}`,
    target: { sqlite: DETAIL_MS },
    direct: (db) => async () => {
      await findContact(db, DETAIL_ID);
      return listFiles(db, { kind: 'contact', id: DETAIL_ID }, true);
    },
  },
  {
    name: 'contacts: notes',
    path: `/api/contacts/${DETAIL_ID}/notes`,
    target: { sqlite: DETAIL_MS },
    mayBeEmpty: true,
    direct: (db) => () => listNotes(db, { kind: 'contact', id: DETAIL_ID }, true),
  },
  {
    name: 'contacts: history',
    path: `/api/contacts/${DETAIL_ID}/history`,
    target: { sqlite: DETAIL_MS },
    direct: (db) => () => listHistory(db, { kind: 'contact', id: DETAIL_ID }),
  },
];

export const PARTNER_SCENARIOS: readonly Scenario[] = [
  {
    name: 'partners: page of 100 by name',
    path: '/api/agencies?limit=100&sort=name&order=asc',
    target: { sqlite: LIST_PAGE_MS },
    direct: listDirect(listAgencies, agencyListSpec),
  },
  {
    name: 'partners: page of 100 by level',
    path: '/api/agencies?limit=100&sort=level&order=asc',
    target: { sqlite: LIST_PAGE_MS },
    direct: listDirect(listAgencies, agencyListSpec),
  },
  {
    name: 'partners: search q=kyrenia',
    path: '/api/agencies?q=kyrenia&limit=50&sort=name&order=asc',
    target: { sqlite: SEARCH_MS },
    direct: listDirect(listAgencies, agencyListSpec),
  },
  {
    name: 'partners: page of 100 at offset 25,000 by name',
    path: '/api/agencies?limit=100&offset=25000&sort=name&order=asc',
    target: { sqlite: DEEP_PAGE_MS },
    direct: listDirect(listAgencies, agencyListSpec),
  },
  {
    name: 'partners: 2-letter search q=ky',
    path: '/api/agencies?q=ky&limit=50&sort=name&order=asc',
    target: { sqlite: SEARCH_MS },
    direct: listDirect(listAgencies, agencyListSpec),
  },
  ...[
    ['name contains', 'name', 'contains:loizou'],
    ['e-mail equals', 'email', 'equals:rafaella@rafaellaloizou.example.com'],
    ['type equals', 'type', 'equals:individual'],
  ].map(
    ([label, column, filter]): Scenario => ({
      name: `partners: filter ${label}`,
      path: `/api/agencies?limit=50&sort=name&order=asc&filter.${column}=${encodeURIComponent(filter!)}`,
      target: { sqlite: FILTER_MS },
      direct: listDirect(listAgencies, agencyListSpec),
    }),
  ),
  {
    name: 'partners: detail',
    path: `/api/agencies/${DETAIL_ID}`,
    target: { sqlite: DETAIL_MS },
    direct: (db) => async () => {
      await findAgency(db, DETAIL_ID);
      await salesRepsOf(db, DETAIL_ID);
      return listFiles(db, { kind: 'agency', id: DETAIL_ID }, true);
    },
  },
];

export const PRODUCT_SCENARIOS: readonly Scenario[] = [
  {
    name: 'products: page of 100, newest first',
    path: '/api/products?limit=100',
    target: { sqlite: LIST_PAGE_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: page of 100 by title',
    path: '/api/products?limit=100&sort=title&order=asc',
    target: { sqlite: LIST_PAGE_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: page of 100 at offset 50,000, newest first',
    path: '/api/products?limit=100&offset=50000',
    target: { sqlite: DEEP_PAGE_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: search q=kyrenia',
    path: '/api/products?q=kyrenia&limit=50',
    target: { sqlite: SEARCH_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: 2-letter search q=st',
    path: '/api/products?q=st&limit=50',
    target: { sqlite: SEARCH_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: filter type equals',
    path: '/api/products?limit=50&filter.productType=equals:dormitory',
    target: { sqlite: FILTER_MS },
    direct: listDirect(productPage, productListSpec),
  },
  {
    name: 'products: detail',
    path: `/api/products/${DETAIL_ID}`,
    target: { sqlite: DETAIL_MS },
    direct: (db) => async () => {
      await findProduct(db, DETAIL_ID);
      return categoriesOfProducts(db, [DETAIL_ID]);
    },
  },
];

/** The command palette's target (issue: p99 at most 30 ms at 10 connections for 3+ characters). */
const PALETTE_MS = 30;

/** The palette's work straight on the database: the service's lookups and ranking for one query. */
export function paletteDirect(db: Db, params: Record<string, string>) {
  const needle = searchNeedle(params.q ?? '');
  // As the admin the bench signs in as: with the users and the deals groups, as over HTTP.
  let admin: Actor | undefined;
  return async () => {
    admin ??= await benchAdmin(db);
    return searchGroups(db, needle, DEFAULT_PER_GROUP, true, admin);
  };
}

/** The admin the bench signs in as, as the services see a caller. */
export async function benchAdmin(db: Db): Promise<Actor> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('email', '=', SEED_ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  return { user, sessionId: '' };
}

export const PALETTE_SCENARIOS: readonly Scenario[] = [
  // A common surname, a phone typed locally with spaces and a leading 0, a partial e-mail.
  ...['demir', 'ayşe y', '0532 1', 'gmail.c'].map(
    (q): Scenario => ({
      name: `search: palette q=${q}`,
      path: `/api/search?q=${encodeURIComponent(q)}`,
      target: { sqlite: PALETTE_MS },
      direct: paletteDirect,
    }),
  ),
];

export const CRM_SCENARIOS: readonly Scenario[] = [
  ...CONTACT_SCENARIOS,
  ...PALETTE_SCENARIOS,
  ...PARTNER_SCENARIOS,
  ...PRODUCT_SCENARIOS,
];

/** What the /leads first page sends: the JSON body's size as served (no compression) and gzipped. */
export async function leadsFirstPageSize(
  base: string,
  headers: Record<string, string>,
): Promise<{ rows: number; bytes: number; gzipBytes: number; total: string | null }> {
  const res = await fetch(base + LEADS_FIRST_PAGE, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${LEADS_FIRST_PAGE} answered ${res.status}`);
  return {
    rows: (JSON.parse(body.toString('utf8')) as unknown[]).length,
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    total: res.headers.get('x-total-count'),
  };
}
