import type { Db } from '../../db/database.js';
import { nextVersion } from '../versions/versions.repository.js';

/** The rows a merge moved from the merged record to the survivor, by id, so an undo moves exactly them back. */
export interface MovedRows {
  notes: number[];
  files: number[];
  history: number[];
  /** Staff positions (contacts) or staff members (agencies) that moved. */
  staff: number[];
  /** Staff rows that could not move (the survivor already held that place) and were deactivated. */
  staffDeactivated: number[];
  /** Agencies: the contacts (partner customers) and child agencies that now point at the survivor. */
  customers: number[];
  children: number[];
  /** Agencies: sales representatives added to the survivor. */
  reps: number[];
}

export type MergeKind = 'contact' | 'agency';
const PARENT = { contact: 'contact_id', agency: 'agency_id' } as const;

async function moveParent(
  trx: Db,
  table: 'notes' | 'files' | 'history',
  kind: MergeKind,
  fromId: number,
  toId: number,
): Promise<number[]> {
  const column = PARENT[kind];
  const rows = await trx.selectFrom(table).select('id').where(column, '=', fromId).execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0)
    await trx
      .updateTable(table)
      .set({ [column]: toId })
      .where('id', 'in', ids)
      .execute();
  return ids;
}

/** Notes, files and history of `fromId` become the survivor's. */
export async function moveRecords(trx: Db, kind: MergeKind, fromId: number, toId: number) {
  return {
    notes: await moveParent(trx, 'notes', kind, fromId, toId),
    files: await moveParent(trx, 'files', kind, fromId, toId),
    history: await moveParent(trx, 'history', kind, fromId, toId),
  };
}

/**
 * A contact's staff positions move to the survivor, except where the survivor already holds a
 * position at that agency (one position per agency): those are deactivated instead.
 */
export async function moveContactStaff(trx: Db, fromId: number, toId: number) {
  const held = await trx
    .selectFrom('agency_staff')
    .select('agency_id')
    .where('contact_id', '=', toId)
    .execute();
  const heldAgencies = new Set(held.map((row) => row.agency_id));
  const rows = await trx
    .selectFrom('agency_staff')
    .select(['id', 'agency_id', 'is_active'])
    .where('contact_id', '=', fromId)
    .execute();
  const staff = rows.filter((row) => !heldAgencies.has(row.agency_id)).map((row) => row.id);
  const staffDeactivated = rows
    .filter((row) => heldAgencies.has(row.agency_id) && row.is_active === 1)
    .map((row) => row.id);
  if (staff.length > 0) {
    await trx.updateTable('agency_staff').set({ contact_id: toId }).where('id', 'in', staff).execute();
  }
  if (staffDeactivated.length > 0) {
    await trx.updateTable('agency_staff').set({ is_active: 0 }).where('id', 'in', staffDeactivated).execute();
  }
  return { staff, staffDeactivated };
}

/** An agency's staff, customers, child agencies and sales representatives move to the survivor. */
export async function moveAgencyLinks(trx: Db, fromId: number, toId: number) {
  const held = await trx
    .selectFrom('agency_staff')
    .select('contact_id')
    .where('agency_id', '=', toId)
    .execute();
  const heldContacts = new Set(held.map((row) => row.contact_id));
  const staffRows = await trx
    .selectFrom('agency_staff')
    .select(['id', 'contact_id', 'is_active'])
    .where('agency_id', '=', fromId)
    .execute();
  const staff = staffRows.filter((row) => !heldContacts.has(row.contact_id)).map((row) => row.id);
  const staffDeactivated = staffRows
    .filter((row) => heldContacts.has(row.contact_id) && row.is_active === 1)
    .map((row) => row.id);
  if (staff.length > 0) {
    await trx.updateTable('agency_staff').set({ agency_id: toId }).where('id', 'in', staff).execute();
  }
  if (staffDeactivated.length > 0) {
    await trx.updateTable('agency_staff').set({ is_active: 0 }).where('id', 'in', staffDeactivated).execute();
  }
  const customers = (
    await trx.selectFrom('contacts').select('id').where('agency_id', '=', fromId).execute()
  ).map((row) => row.id);
  if (customers.length > 0) {
    await trx.updateTable('contacts').set({ agency_id: toId }).where('id', 'in', customers).execute();
  }
  const children = (
    await trx
      .selectFrom('agencies')
      .select('id')
      .where('parent_agency_id', '=', fromId)
      .where('id', '!=', toId)
      .execute()
  ).map((row) => row.id);
  if (children.length > 0) {
    await trx.updateTable('agencies').set({ parent_agency_id: toId }).where('id', 'in', children).execute();
  }
  const survivorReps = await trx
    .selectFrom('agency_sales_reps')
    .select('user_id')
    .where('agency_id', '=', toId)
    .execute();
  const have = new Set(survivorReps.map((row) => row.user_id));
  const otherReps = await trx
    .selectFrom('agency_sales_reps')
    .select('user_id')
    .where('agency_id', '=', fromId)
    .execute();
  const reps = otherReps.map((row) => row.user_id).filter((id) => !have.has(id));
  if (reps.length > 0) {
    await trx
      .insertInto('agency_sales_reps')
      .values(reps.map((userId) => ({ agency_id: toId, user_id: userId })))
      .execute();
  }
  return { staff, staffDeactivated, customers, children, reps };
}

/** Puts back exactly what a merge moved. */
export async function moveBack(
  trx: Db,
  kind: MergeKind,
  moved: MovedRows,
  otherId: number,
  survivorId: number,
) {
  const column = PARENT[kind];
  for (const table of ['notes', 'files', 'history'] as const) {
    const ids = moved[table];
    if (ids.length > 0)
      await trx
        .updateTable(table)
        .set({ [column]: otherId })
        .where('id', 'in', ids)
        .execute();
  }
  if (moved.staff.length > 0) {
    await trx
      .updateTable('agency_staff')
      .set({ [column]: otherId })
      .where('id', 'in', moved.staff)
      .execute();
  }
  if (moved.staffDeactivated.length > 0) {
    await trx
      .updateTable('agency_staff')
      .set({ is_active: 1 })
      .where('id', 'in', moved.staffDeactivated)
      .execute();
  }
  if (moved.customers.length > 0) {
    await trx
      .updateTable('contacts')
      .set({ agency_id: otherId })
      .where('id', 'in', moved.customers)
      .execute();
  }
  if (moved.children.length > 0) {
    await trx
      .updateTable('agencies')
      .set({ parent_agency_id: otherId })
      .where('id', 'in', moved.children)
      .execute();
  }
  if (moved.reps.length > 0) {
    await trx
      .deleteFrom('agency_sales_reps')
      .where('agency_id', '=', survivorId)
      .where('user_id', 'in', moved.reps)
      .execute();
  }
}

/** The merged record is deactivated and points at its survivor (or, undone, the other way). */
export async function setMergedInto(
  trx: Db,
  kind: MergeKind,
  id: number,
  survivorId: number | null,
  isActive: boolean,
  at: string,
): Promise<void> {
  const table = kind === 'contact' ? 'contacts' : 'agencies';
  await trx
    .updateTable(table)
    .set({ version: nextVersion, merged_into_id: survivorId, is_active: isActive ? 1 : 0, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function insertMerge(
  trx: Db,
  values: {
    kind: MergeKind;
    survivorId: number;
    mergedId: number;
    userId: number;
    snapshot: string;
    at: string;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('merges')
    .values({
      kind: values.kind,
      survivor_id: values.survivorId,
      merged_id: values.mergedId,
      user_id: values.userId,
      snapshot: values.snapshot,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findMerge(db: Db, id: number) {
  return db.selectFrom('merges').selectAll().where('id', '=', id).executeTakeFirst();
}

export type MergeRow = NonNullable<Awaited<ReturnType<typeof findMerge>>>;

/** Merges a record took part in, as survivor or as the merged one, newest first. */
export async function mergesOf(db: Db, kind: MergeKind, id: number) {
  return db
    .selectFrom('merges')
    .leftJoin('users', 'users.id', 'merges.user_id')
    .select([
      'merges.id',
      'merges.survivor_id',
      'merges.merged_id',
      'merges.created_at',
      'merges.undone_at',
      'users.name as user_name',
    ])
    .where('merges.kind', '=', kind)
    .where((eb) => eb.or([eb('merges.survivor_id', '=', id), eb('merges.merged_id', '=', id)]))
    .orderBy('merges.id', 'desc')
    .limit(50)
    .execute();
}

/** A merge after this one, not undone, that involves either record: it must be undone first. */
export async function laterMerge(db: Db, merge: MergeRow) {
  const ids = [merge.survivor_id, merge.merged_id];
  return db
    .selectFrom('merges')
    .select('id')
    .where('kind', '=', merge.kind)
    .where('id', '>', merge.id)
    .where('undone_at', 'is', null)
    .where((eb) => eb.or([eb('survivor_id', 'in', ids), eb('merged_id', 'in', ids)]))
    .executeTakeFirst();
}

/** Fields of a record edited (by the history) after a moment. */
export async function fieldsEditedSince(
  db: Db,
  kind: MergeKind,
  id: number,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('history')
    .select('field')
    .distinct()
    .where(PARENT[kind], '=', id)
    .where('created_at', '>', since)
    .where('kind', 'in', ['edited', 'conversion'])
    .execute();
  return rows.flatMap((row) => (row.field ? [row.field] : []));
}

export async function markUndone(trx: Db, id: number, userId: number, at: string): Promise<void> {
  await trx.updateTable('merges').set({ undone_at: at, undone_by_id: userId }).where('id', '=', id).execute();
}
