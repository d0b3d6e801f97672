import type { User, UserSummary } from '@crm/domain';
import { enumLabel, type ListQuery } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { ListExport, ListSource } from '../../db/list-stream.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest } from '../../lib/http-errors.js';
import { agencyListExport, ensureAgencyExists } from '../agencies/agencies.service.js';
import type { Agency } from '../agencies/agency-mapper.js';
import type { ContactListRow } from '../contacts/contact-mapper.js';
import { contactListExport } from '../contacts/contacts.service.js';
import { type ProductListRow, productListExport } from '../products/products.service.js';
import { userListExport } from '../users/users.service.js';

export const EXPORT_LISTS = [
  'users',
  'leads',
  'customers',
  'partners',
  'products',
  'partner-customers',
  'deals',
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

type ContactRow = ContactListRow;
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

type AgencyRow = Agency;
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

type ProductRow = ProductListRow;
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

type UserRow = User;
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
const userSummaryColumns: ExportColumn<UserSummary>[] = [
  { key: 'name', header: 'Name', value: (u) => u.name },
];

const FIXED = new Set(['format', 'columns', 'agencyId']);
/** The list parameters of a request, without the export's own. */
function listParams(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !FIXED.has(key)));
}

/** A list module's export, as the writers take it. */
export function prepared(
  list: ListExport<unknown, unknown>,
  columns: ExportColumn<never>[],
  recorded: boolean,
): PreparedExport {
  return {
    columns,
    total: list.total,
    source: list.source as ListSource<unknown>,
    query: list.query,
    toRow: list.toView as (record: never) => unknown,
    recorded,
  };
}

type Preparer = (ctx: AppContext, actor: Actor, params: Record<string, unknown>) => Promise<PreparedExport>;

/**
 * Lists whose module hands its export in when the app is built: the deals module writes files with
 * this module's writers (its commission report), so this module cannot import it back.
 */
const provided = new Map<ExportList, Preparer>();

export function provideExportList(list: ExportList, prepare: Preparer): void {
  provided.set(list, prepare);
}

export async function prepareExport(
  ctx: AppContext,
  actor: Actor,
  list: ExportList,
  raw: Record<string, unknown>,
): Promise<PreparedExport> {
  const params = listParams(raw);
  switch (list) {
    case 'users': {
      const columns = (isAdmin(actor) ? userColumns : userSummaryColumns) as ExportColumn<never>[];
      return prepared(
        (await userListExport(ctx, actor, params)) as ListExport<unknown, unknown>,
        columns,
        false,
      );
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
      const contacts = await contactListExport(ctx, params, { type, agencyId });
      return prepared(
        contacts as ListExport<unknown, unknown>,
        contactColumns as ExportColumn<never>[],
        true,
      );
    }
    case 'partners':
      return prepared(
        (await agencyListExport(ctx, params)) as ListExport<unknown, unknown>,
        agencyColumns as ExportColumn<never>[],
        false,
      );
    case 'deals': {
      const prepare = provided.get(list);
      if (!prepare) throw new Error(`No module provides the ${list} export`);
      return prepare(ctx, actor, params);
    }
    case 'products':
      return prepared(
        (await productListExport(ctx, params)) as ListExport<unknown, unknown>,
        productColumns as ExportColumn<never>[],
        false,
      );
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
