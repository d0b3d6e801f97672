import type { Insertable, Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AuditEntryTable, Database } from '../../db/schema.js';

export type AuditRow = Selectable<AuditEntryTable>;

/** What the list and the export narrow by; every field is optional. */
export interface AuditFilter {
  action?: string | undefined;
  actorId?: number | undefined;
  targetType?: string | undefined;
  targetId?: number | undefined;
  /** ISO times: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  address?: string | undefined;
}

export async function insertAuditEntry(db: Db, entry: Insertable<AuditEntryTable>): Promise<void> {
  await db.insertInto('audit_entries').values(entry).execute();
}

function filtered(db: Db, filter: AuditFilter): SelectQueryBuilder<Database, 'audit_entries', object> {
  let query = db.selectFrom('audit_entries');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.address) query = query.where('address', '=', filter.address);
  return query;
}

/** Newest first; ties (one millisecond) by the order they were written. */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const counted = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

/** A page of the export, newest first, after the entry `before` (keyset: the log grows meanwhile). */
export async function auditPageBefore(
  db: Db,
  filter: AuditFilter,
  before: { at: string; id: number } | undefined,
  limit: number,
): Promise<AuditRow[]> {
  let query = filtered(db, filter).selectAll();
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The retention sweep: every entry older than `before`, through the `at` index. */
export async function deleteAuditEntriesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_entries').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
