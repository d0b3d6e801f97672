import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countMatches } from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';

/**
 * The ids of a list's matching rows after `afterId`, in id order, on the list's table alone: a
 * bulk run walks its filter by id, so a record its own writes move within the list's sort (or out
 * of the list) is neither met twice nor skipped.
 */
export async function matchingIdsAfter(
  db: Db,
  source: ListSource<unknown>,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const { spec } = source;
  const id = sql.raw(spec.idExpr);
  const conditions = [...source.conditions, sql`${id} > ${afterId}`];
  const { rows } = await sql<{ id: number | string }>`select ${id} as id from ${sql.raw(spec.table)}
    where ${sql.join(conditions, sql` and `)} order by ${id} limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** How many rows of a list match, exactly (the list itself stops counting at its cap). */
export async function countMatching(db: Db, source: ListSource<unknown>): Promise<number> {
  return (await countMatches(db, source.spec.table, source.conditions, undefined)).total;
}

export async function insertBulkChanges(db: Db, jobId: number, ids: number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('bulk_changes')
    .values(ids.map((id) => ({ job_id: jobId, record_id: id, created_at: at })))
    .onConflict((oc) => oc.columns(['job_id', 'record_id']).doNothing())
    .execute();
}

/** The records a bulk job changed, after `afterId`, in id order. */
export async function changesAfter(db: Db, jobId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bulk_changes')
    .select('record_id')
    .where('job_id', '=', jobId)
    .where('record_id', '>', afterId)
    .orderBy('record_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.record_id);
}

export async function countChanges(db: Db, jobId: number): Promise<number> {
  const row = await db
    .selectFrom('bulk_changes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Undo lasts seconds on the screen; what a job changed is kept a day, then forgotten. */
export async function deleteChangesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('bulk_changes').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
