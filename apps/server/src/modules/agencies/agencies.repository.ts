import type { ListQuery } from '@crm/domain';
import { foldCase, searchFold } from '@crm/domain';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { listPage } from '../../db/list-page.js';
import { countMatches, type ListSpec, listConditions } from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import type { AgenciesTable } from '../../db/schema.js';
import { trigramSearch } from '../../db/trigram-search.js';
import { nextVersion } from '../versions/versions.repository.js';

const agencyColumns = [
  'agencies.id',
  'agencies.name',
  'agencies.office_number',
  'agencies.country_code',
  'agencies.email',
  'agencies.commission_bp',
  'agencies.country',
  'agencies.city',
  'agencies.type',
  'agencies.parent_agency_id',
  'agencies.created_by_id',
  'agencies.is_active',
  'agencies.created_at',
  'agencies.updated_at',
  'agencies.version',
  'agencies.merged_into_id',
  'parent.name as parent_name',
  'creator.name as creator_name',
  'creator.email as creator_email',
] as const;

function agenciesQuery(db: Db) {
  return db
    .selectFrom('agencies')
    .leftJoin('agencies as parent', 'parent.id', 'agencies.parent_agency_id')
    .leftJoin('users as creator', 'creator.id', 'agencies.created_by_id')
    .select(agencyColumns);
}

export type AgencyRow = NonNullable<Awaited<ReturnType<typeof findAgency>>>;

/**
 * Columns of the All Partners list; every one sorts on an index. The keys keep ç and ş for sorting:
 * a name `equals` seeks the name's search-folded twin (migration 0018), the other filters fold the
 * keys in SQL (fifty thousand partners are scanned in milliseconds).
 */
export const agencyListSpec: ListSpec = {
  columns: {
    name: {
      expr: 'agencies.name_key',
      kind: 'text',
      ignoreCase: true,
      folded: true,
      twin: 'agencies.name_fold',
    },
    level: { expr: 'agencies.parent_key', kind: 'text', ignoreCase: true, folded: true },
    email: { expr: 'agencies.email_key', kind: 'text', ignoreCase: true, folded: true },
    officeNumber: { expr: 'agencies.office_number', kind: 'text', ignoreCase: true, searchFolded: true },
    type: { expr: 'agencies.type', kind: 'text', ignoreCase: true },
    createdBy: { expr: 'agencies.creator_key', kind: 'text', ignoreCase: true, folded: true },
    isActive: { expr: 'agencies.is_active', kind: 'boolean' },
    commissionRate: { expr: 'agencies.commission_bp', kind: 'number', scale: 100 },
    parentAgencyId: { expr: 'agencies.parent_agency_id', kind: 'number' },
    createdAt: { expr: 'agencies.created_at', kind: 'text', isoTime: true, notNull: true },
  },
  search: [],
  // From three characters through the trigram index (migrations 0003 and 0008); shorter ones test each row.
  ...trigramSearch({ id: 'agencies.id', text: 'agencies.search_text', fts: 'agencies_search' }),
  idExpr: 'agencies.id',
  table: 'agencies',
  defaultSort: { column: 'name', order: 'asc' },
};

export async function listAgencies(db: Db, query: ListQuery) {
  return listPage(db, agenciesQuery(db), query, agencyListSpec, {
    fullTotal: async () => (await countMatches(db, 'agencies', [], undefined)).total,
  });
}

/** The list's select and conditions, for streaming every matching row (exports). */
export function agencyListSource(db: Db, query: ListQuery): ListSource<AgencyRow> {
  return {
    select: agenciesQuery(db),
    conditions: listConditions(db, query, agencyListSpec),
    spec: agencyListSpec,
  };
}

export async function countActiveAgencies(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('agencies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findAgency(db: Db, id: number) {
  return agenciesQuery(db).where('agencies.id', '=', id).executeTakeFirst();
}

/** The survivor a merged agency points at, if it was merged. */
export async function agencyMergedIntoOf(db: Db, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('agencies')
    .select('merged_into_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merged_into_id ?? null;
}

export async function parentIdOf(db: Db, id: number): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('agencies')
    .select('parent_agency_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.parent_agency_id : undefined;
}

export async function insertAgency(db: Db, values: Insertable<AgenciesTable>): Promise<number> {
  const { id } = await db.insertInto('agencies').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every update adds one to the version in the same statement. */
export async function updateAgency(db: Db, id: number, values: Updateable<AgenciesTable>): Promise<void> {
  await db
    .updateTable('agencies')
    .set({ version: nextVersion, ...values })
    .where('id', '=', id)
    .execute();
}

export async function salesRepsOf(db: Db, agencyId: number) {
  return db
    .selectFrom('agency_sales_reps')
    .innerJoin('users', 'users.id', 'agency_sales_reps.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_active'])
    .where('agency_sales_reps.agency_id', '=', agencyId)
    .orderBy('users.name')
    .execute();
}

export async function replaceSalesReps(db: Db, agencyId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('agency_sales_reps').where('agency_id', '=', agencyId).execute();
  if (userIds.length > 0) {
    await db
      .insertInto('agency_sales_reps')
      .values(userIds.map((userId) => ({ agency_id: agencyId, user_id: userId })))
      .execute();
  }
}

/** Ids among the given whose state differs from the wanted one: only those are changed. */
export async function idsToToggle(db: Db, ids: number[], active: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('agencies')
    .select('id')
    .where('id', 'in', ids)
    .where('is_active', '=', active ? 0 : 1)
    .execute();
  return rows.map((row) => row.id);
}

/** Children read their parent's name in the Level column; a rename reaches them. */
export async function refreshParentKey(db: Db, parentId: number, name: string): Promise<void> {
  await db
    .updateTable('agencies')
    .set({ parent_key: foldCase(name) })
    .where('parent_agency_id', '=', parentId)
    .execute();
}

/** A user's new name reaches the Created By key of the agencies they created. */
export async function refreshCreatorKey(db: Db, userId: number, name: string): Promise<void> {
  await db
    .updateTable('agencies')
    .set({ creator_key: foldCase(name) })
    .where('created_by_id', '=', userId)
    .execute();
}

/** An agency's name and state, for a record linking to it (a contact's agency). */
export async function agencyNameAndState(
  db: Db,
  agencyId: number,
): Promise<{ name: string; isActive: boolean; commissionBp: number } | undefined> {
  const row = await db
    .selectFrom('agencies')
    .select(['name', 'is_active', 'commission_bp'])
    .where('id', '=', agencyId)
    .executeTakeFirst();
  return row ? { name: row.name, isActive: row.is_active === 1, commissionBp: row.commission_bp } : undefined;
}

/** The agencies whose parent this one is. */
export async function agencyChildIds(db: Db, parentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('agencies')
    .select('id')
    .where('parent_agency_id', '=', parentId)
    .execute();
  return rows.map((row) => row.id);
}

/** The ids of an agency's sales representatives. */
export async function salesRepIdsOf(db: Db, agencyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('agency_sales_reps')
    .select('user_id')
    .where('agency_id', '=', agencyId)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * An agency by its name, search-folded ("Sukru Emlak" is "Şükrü Emlak"), or by its e-mail as
 * written in lower case (the active one first): an import's cell.
 */
export async function findAgencyByNameOrEmail(db: Db, value: string) {
  return db
    .selectFrom('agencies')
    .select(['id', 'name', 'is_active'])
    .where((eb) =>
      eb.or([eb('name_fold', '=', searchFold(value.trim())), eb('email_key', '=', foldCase(value.trim()))]),
    )
    .orderBy('is_active', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}
