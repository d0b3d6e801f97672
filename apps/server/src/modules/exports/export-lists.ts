import { enumLabel, type ListQuery } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { parseListQuery } from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/http-errors.js';
import { agencyListSource, agencyListSpec } from '../agencies/agencies.repository.js';
import { ensureAgencyExists, listAgenciesFor, toAgency } from '../agencies/agencies.service.js';
import { toContactListRow } from '../contacts/contact-mapper.js';
import { contactListSource, contactListSpec } from '../contacts/contacts.repository.js';
import { listContactsFor } from '../contacts/contacts.service.js';
import { productListSource, productListSpec } from '../products/products.repository.js';
import { listProductsFor, toProductListRow } from '../products/products.service.js';
import { toUser, toUserSummary } from '../users/user-mapper.js';
import { userListSource, userListSpec, userPickerSpec } from '../users/users.repository.js';
import { listUsersFor } from '../users/users.service.js';

export const EXPORT_LISTS = [
  'users',
  'leads',
  'customers',
  'partners',
  'products',
  'partner-customers',
] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

export type Cell = string | number | null;

export interface ExportColumn<T> {
  key: string;
  header: string;
  value: (row: T) => Cell;
}

/** One list as an export reads it: the same query parsing, scope and roles as the list screen. */
export interface PreparedExport {
  columns: ExportColumn<never>[];
  /** The list's X-Total-Count for the same query. */
  total: number;
  source: ListSource<unknown>;
  query: ListQuery;
  toRow: (record: never) => unknown;
  /** Contacts carry personal data: every export of them is recorded. */
  recorded: boolean;
}

const status = (active: boolean) => (active ? 'Active' : 'Inactive');

type ContactRow = ReturnType<typeof toContactListRow>;
const contactColumns: ExportColumn<ContactRow>[] = [
  { key: 'name', header: 'Name', value: (c) => c.name },
  { key: 'surname', header: 'Surname', value: (c) => c.surname },
  { key: 'type', header: 'Type', value: (c) => c.type },
  { key: 'agency', header: 'Agency', value: (c) => c.agency?.name ?? null },
  { key: 'email', header: 'E-Mail', value: (c) => c.email },
  { key: 'phone', header: 'Phone Number', value: (c) => c.phone },
  { key: 'countryCode', header: 'Country Code', value: (c) => c.countryCode },
  { key: 'nationality', header: 'Nationality', value: (c) => c.nationality },
  { key: 'residency', header: 'Residency', value: (c) => c.residency },
  { key: 'gender', header: 'Gender', value: (c) => c.gender },
  { key: 'source', header: 'Source', value: (c) => c.source },
  { key: 'createdBy', header: 'Created By', value: (c) => c.owner.name },
  { key: 'assignedTo', header: 'Assigned To', value: (c) => c.assignedTo?.name ?? null },
  { key: 'completeness', header: 'Completeness', value: (c) => c.completeness },
  { key: 'createdAt', header: 'Created At', value: (c) => c.createdAt },
];

type AgencyRow = ReturnType<typeof toAgency>;
const agencyColumns: ExportColumn<AgencyRow>[] = [
  { key: 'name', header: 'Name', value: (a) => a.name },
  { key: 'level', header: 'Level', value: (a) => a.parentAgency?.name ?? null },
  { key: 'email', header: 'Email', value: (a) => a.email },
  { key: 'officeNumber', header: 'Office Number', value: (a) => a.officeNumber },
  { key: 'type', header: 'Type', value: (a) => a.type },
  { key: 'commissionRate', header: 'Commission Rate', value: (a) => a.commissionRate },
  { key: 'country', header: 'Country', value: (a) => a.country },
  { key: 'city', header: 'City', value: (a) => a.city },
  { key: 'createdBy', header: 'Created By', value: (a) => a.createdBy },
  { key: 'status', header: 'Status', value: (a) => status(a.isActive) },
  { key: 'createdAt', header: 'Created At', value: (a) => a.createdAt },
];

type ProductRow = ReturnType<typeof toProductListRow>;
const productColumns: ExportColumn<ProductRow>[] = [
  { key: 'title', header: 'Title', value: (p) => p.title },
  { key: 'productType', header: 'Product Type', value: (p) => enumLabel(p.productType) },
  {
    key: 'realEstateCompany',
    header: 'Real Estate Company',
    value: (p) => p.realEstateCompany?.name ?? null,
  },
  { key: 'status', header: 'Status', value: (p) => status(p.isActive) },
  { key: 'createdAt', header: 'Created At', value: (p) => p.createdAt },
];

type UserRow = ReturnType<typeof toUser>;
const userColumns: ExportColumn<UserRow>[] = [
  { key: 'name', header: 'Name', value: (u) => u.name },
  { key: 'firstName', header: 'First Name', value: (u) => u.firstName },
  { key: 'surname', header: 'Surname', value: (u) => u.surname },
  { key: 'email', header: 'Email', value: (u) => u.email },
  { key: 'phone', header: 'Phone', value: (u) => u.phone },
  { key: 'role', header: 'Role', value: (u) => u.role },
  { key: 'status', header: 'Status', value: (u) => status(u.isActive) },
  { key: 'createdAt', header: 'Created At', value: (u) => u.createdAt },
];
/** Everyone but an admin sees users as names only (the pickers), so that is all they export. */
const userSummaryColumns: ExportColumn<ReturnType<typeof toUserSummary>>[] = [
  { key: 'name', header: 'Name', value: (u) => u.name },
];

const FIXED = new Set(['format', 'columns', 'agencyId']);
/** The list parameters of a request, without the export's own. */
function listParams(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !FIXED.has(key)));
}

/** The total the list screen shows for the same query (and its validation, word for word). */
const totalOf = async (
  list: (query: Record<string, unknown>) => Promise<{ total: number }>,
  params: Record<string, unknown>,
) => (await list({ ...params, limit: '1', offset: '0' })).total;

export async function prepareExport(
  ctx: AppContext,
  actor: Actor,
  list: ExportList,
  raw: Record<string, unknown>,
): Promise<PreparedExport> {
  const params = listParams(raw);
  const unpaged = (query: ListQuery): ListQuery => query;
  switch (list) {
    case 'users': {
      const admin = actor.user.role === 'admin';
      const spec = admin ? userListSpec : userPickerSpec;
      const query = unpaged(parseListQuery(params, spec));
      return {
        columns: (admin ? userColumns : userSummaryColumns) as ExportColumn<never>[],
        total: await totalOf((q) => listUsersFor(ctx, actor, q), params),
        source: userListSource(ctx.db, query, spec) as ListSource<unknown>,
        query,
        toRow: (admin ? toUser : toUserSummary) as (record: never) => unknown,
        recorded: false,
      };
    }
    case 'leads':
    case 'customers':
    case 'partner-customers': {
      const type = list === 'leads' ? 'LEAD' : list === 'customers' ? 'CUSTOMER' : undefined;
      let agencyId: number | undefined;
      if (list === 'partner-customers') {
        agencyId = Number(raw.agencyId);
        if (!Number.isInteger(agencyId) || agencyId <= 0)
          throw badRequest('agencyId must be a positive number');
        await ensureAgencyExists(ctx, agencyId);
      }
      const query = parseListQuery(params, contactListSpec);
      const scoped = {
        ...params,
        ...(type ? { type } : {}),
        ...(agencyId ? { agencyId: String(agencyId) } : {}),
      };
      return {
        columns: contactColumns as ExportColumn<never>[],
        total: await totalOf((q) => listContactsFor(ctx, q), scoped),
        source: contactListSource(ctx.db, { type, agencyId }, query) as ListSource<unknown>,
        query,
        toRow: toContactListRow as (record: never) => unknown,
        recorded: true,
      };
    }
    case 'partners': {
      const query = parseListQuery(params, agencyListSpec);
      return {
        columns: agencyColumns as ExportColumn<never>[],
        total: await totalOf((q) => listAgenciesFor(ctx, q), params),
        source: agencyListSource(ctx.db, query) as ListSource<unknown>,
        query,
        toRow: toAgency as (record: never) => unknown,
        recorded: false,
      };
    }
    case 'products': {
      const query = parseListQuery(params, productListSpec);
      return {
        columns: productColumns as ExportColumn<never>[],
        total: await totalOf((q) => listProductsFor(ctx, q), params),
        source: productListSource(ctx.db, query) as ListSource<unknown>,
        query,
        toRow: toProductListRow as (record: never) => unknown,
        recorded: false,
      };
    }
  }
}

/** The columns the person chose, in their order; all of the list's when none are named. */
export function chooseColumns<T>(all: ExportColumn<T>[], requested: string | undefined): ExportColumn<T>[] {
  if (!requested?.trim()) return all;
  const chosen: ExportColumn<T>[] = [];
  for (const key of requested
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)) {
    const column = all.find((c) => c.key === key);
    if (!column)
      throw badRequest(`Unknown export column: ${key}. Choose from ${all.map((c) => c.key).join(', ')}`);
    if (!chosen.includes(column)) chosen.push(column);
  }
  return chosen;
}
