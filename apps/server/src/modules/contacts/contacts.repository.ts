import type { ContactType, ListQuery } from '@crm/domain';
import { foldCase } from '@crm/domain';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Engine, engineOf } from '../../db/dialect.js';
import { type ListSpec, likePattern, listConditions, pageOf } from '../../db/list-query.js';
import type { ContactsTable } from '../../db/schema.js';

/**
 * What a list row shows and its row actions need (the Convert dialog asks only for the missing
 * conversion fields); the detail reads every column.
 */
const contactListColumns = [
  'contacts.id',
  'contacts.type',
  'contacts.name',
  'contacts.surname',
  'contacts.phone',
  'contacts.country_code',
  'contacts.email',
  'contacts.nationality',
  'contacts.residency',
  'contacts.gender',
  'contacts.source',
  'contacts.agency_id',
  'contacts.owner_id',
  'contacts.assigned_to_id',
  'contacts.is_active',
  'contacts.completeness',
  'contacts.created_at',
  'contacts.updated_at',
  'agencies.name as agency_name',
  'owner.name as owner_name',
  'assignee.name as assignee_name',
] as const;

/** Every column of a contact: the list's and the detail's own. */
const contactColumns = [
  ...contactListColumns,
  'contacts.passport_number',
  'contacts.birthday',
  'contacts.tr_id_number',
  'contacts.city',
  'contacts.occupation',
  'contacts.marital_status',
  'contacts.number_of_children',
  'contacts.education_level',
  'contacts.income_level',
  'contacts.budget_pence',
  'contacts.preferred_payment',
  'contacts.service_category',
  'contacts.room_number',
  'contacts.notes',
] as const;

function contactsJoined(db: Db) {
  return db
    .selectFrom('contacts')
    .leftJoin('agencies', 'agencies.id', 'contacts.agency_id')
    .innerJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .leftJoin('users as assignee', 'assignee.id', 'contacts.assigned_to_id');
}

function contactsQuery(db: Db) {
  return contactsJoined(db).select(contactColumns);
}

export type ContactRow = NonNullable<Awaited<ReturnType<typeof findContact>>>;
export type ContactListRecord = Awaited<ReturnType<typeof listContacts>>['rows'][number];

/**
 * Search matches name with surname, e-mail, phone and agency name. Three or more characters use
 * the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL); shorter ones fall back to a scan.
 */
function searchCondition(q: string, engine: Engine): Expression<SqlBool> {
  const needle = foldCase(q.trim());
  if (searchesByIndex(needle, engine)) {
    const phrase = `"${needle.replace(/"/g, '""')}"`;
    return sql<SqlBool>`contacts.id in (select rowid from contacts_search where contacts_search match ${phrase})`;
  }
  return sql<SqlBool>`contacts.search_text like ${likePattern(needle)} escape '\\'`;
}

function searchesByIndex(q: string, engine: Engine): boolean {
  return engine === 'sqlite' && [...foldCase(q.trim())].length >= 3;
}

export const contactListSpec: ListSpec = {
  columns: {
    name: { expr: 'contacts.name_key', kind: 'text', ignoreCase: true },
    agency: { expr: 'contacts.agency_key', kind: 'text', ignoreCase: true },
    email: { expr: 'contacts.email_key', kind: 'text', ignoreCase: true },
    phone: { expr: 'contacts.phone', kind: 'text', ignoreCase: true },
    createdBy: { expr: 'contacts.owner_key', kind: 'text', ignoreCase: true },
    assignedTo: { expr: 'contacts.assignee_key', kind: 'text', ignoreCase: true },
    createdAt: { expr: 'contacts.created_at', kind: 'text' },
  },
  search: [],
  searchCondition,
  idExpr: 'contacts.id',
  defaultSort: { column: 'createdAt', order: 'desc' },
};

export interface ContactScope {
  type?: ContactType;
  agencyId?: number;
}

/**
 * Type and active state lead every list index, so they are always constrained. `byMatches` writes
 * them as `+contacts.type`, which SQLite will not serve from an index: counting a search's matches
 * is then done by looking each match up by id (1,700 for a common surname) rather than by testing
 * every active lead of an index against the matches (70,000).
 */
function scopeConditions(scope: ContactScope, byMatches = false): Expression<SqlBool>[] {
  const column = (name: string) => sql.raw(`${byMatches ? '+' : ''}contacts.${name}`);
  const conditions: Expression<SqlBool>[] = [
    scope.type
      ? sql<SqlBool>`${column('type')} = ${scope.type}`
      : sql<SqlBool>`${column('type')} in ('LEAD', 'CUSTOMER')`,
    sql<SqlBool>`${column('is_active')} = 1`,
  ];
  if (scope.agencyId !== undefined) conditions.push(sql<SqlBool>`contacts.agency_id = ${scope.agencyId}`);
  return conditions;
}

export async function listContacts(db: Db, scope: ContactScope, query: ListQuery) {
  const scoped = scopeConditions(scope);
  const narrowed = listConditions(db, query, contactListSpec);
  const conditions = [...scoped, ...narrowed];
  const listed = contactsJoined(db).select(contactListColumns);
  const rows = await pageOf(listed, query, contactListSpec, conditions).execute();
  // The unfiltered totals are kept by the contact_counts triggers; a narrowed list is counted
  // unless its first page already holds every match.
  let total: number;
  if (narrowed.length === 0 && scope.agencyId === undefined) total = await activeCount(db, scope.type);
  else if (query.offset === 0 && rows.length < query.limit) total = rows.length;
  else {
    const byMatches = query.q !== undefined && searchesByIndex(query.q, engineOf(db));
    total = await countWhere(db, [...scopeConditions(scope, byMatches), ...narrowed]);
  }
  return { rows, total };
}

async function countWhere(db: Db, conditions: Expression<SqlBool>[]): Promise<number> {
  let qb = db.selectFrom('contacts').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const condition of conditions) qb = qb.where(condition);
  const { n } = await qb.executeTakeFirstOrThrow();
  return Number(n);
}

/** Active contacts of a type, or of both types, as the contact_counts triggers keep them. */
async function activeCount(db: Db, type: ContactType | undefined): Promise<number> {
  let qb = db
    .selectFrom('contact_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('is_active', '=', 1);
  if (type) qb = qb.where('type', '=', type);
  const { n } = await qb.executeTakeFirstOrThrow();
  return Number(n);
}

/** Active contacts of a type (the dashboard's cards). */
export function countContacts(db: Db, type: ContactType): Promise<number> {
  return activeCount(db, type);
}

export async function findContact(db: Db, id: number) {
  return contactsQuery(db).where('contacts.id', '=', id).executeTakeFirst();
}

/** The survivor a merged contact points at, if it was merged. */
export async function mergedIntoOf(db: Db, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('contacts')
    .select('merged_into_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merged_into_id ?? null;
}

export async function insertContact(db: Db, values: Insertable<ContactsTable>): Promise<number> {
  const { id } = await db.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateContact(db: Db, id: number, values: Updateable<ContactsTable>): Promise<void> {
  await db.updateTable('contacts').set(values).where('id', '=', id).execute();
}

/** Other contacts sharing the full name, the e-mail or the phone; each key is indexed. */
export async function findDuplicateCandidates(
  db: Db,
  id: number,
  keys: { nameKey: string | null; emailKey: string | null; phone: string | null },
  limit = 20,
) {
  return contactsQuery(db)
    .where('contacts.id', '!=', id)
    .where('contacts.is_active', '=', 1)
    .where((eb) =>
      eb.or([
        ...(keys.nameKey ? [eb('contacts.name_key', '=', keys.nameKey)] : []),
        ...(keys.emailKey ? [eb('contacts.email_key', '=', keys.emailKey)] : []),
        ...(keys.phone ? [eb('contacts.phone', '=', keys.phone)] : []),
      ]),
    )
    .orderBy('contacts.id')
    .limit(limit)
    .execute();
}

/** A user's new name reaches the sort keys of the contacts they own or are assigned. */
export async function refreshUserNameKeys(db: Db, userId: number, name: string): Promise<void> {
  const key = foldCase(name);
  await db.updateTable('contacts').set({ owner_key: key }).where('owner_id', '=', userId).execute();
  await db.updateTable('contacts').set({ assignee_key: key }).where('assigned_to_id', '=', userId).execute();
}

export async function findAgencyName(
  db: Db,
  agencyId: number,
): Promise<{ name: string; isActive: boolean } | undefined> {
  const row = await db
    .selectFrom('agencies')
    .select(['name', 'is_active'])
    .where('id', '=', agencyId)
    .executeTakeFirst();
  return row ? { name: row.name, isActive: row.is_active === 1 } : undefined;
}

export async function findActiveUserName(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

export async function contactsOfAgency(db: Db, agencyId: number) {
  return db
    .selectFrom('contacts')
    .select(['id', 'name', 'surname', 'email', 'phone'])
    .where('agency_id', '=', agencyId)
    .execute();
}
