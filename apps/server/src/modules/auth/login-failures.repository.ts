import type { Db } from '../../db/database.js';

/**
 * Records one attempt under each key and answers the new rows' ids. It commits on its own, before
 * anything is counted: of any number of simultaneous attempts, the (N+1)th to commit counts at
 * least N+1 rows, on both engines and across processes.
 */
export async function insertAttempts(db: Db, keys: string[], at: string): Promise<number[]> {
  const rows = await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, failed_at: at })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Per key: the attempts within the window and the oldest of them. */
export async function attemptsSince(
  db: Db,
  keys: string[],
  since: string,
): Promise<Map<string, { count: number; oldest: string }>> {
  const rows = await db
    .selectFrom('login_failures')
    .select((eb) => ['key', eb.fn.countAll<number>().as('n'), eb.fn.min('failed_at').as('oldest')])
    .where('key', 'in', keys)
    .where('failed_at', '>', since)
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [row.key, { count: Number(row.n), oldest: String(row.oldest) }]));
}

export async function deleteAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

export async function clearKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Attempts older than the window count for nothing. */
export async function deleteAttemptsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
}
