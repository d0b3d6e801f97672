import type { Db } from '../../db/database.js';

export async function countFailuresSince(db: Db, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordFailures(
  db: Db,
  keys: string[],
  at: string,
  forgetBefore: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('login_failures')
      .where('key', 'in', keys)
      .where('failed_at', '<=', forgetBefore)
      .execute();
    await trx
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key, failed_at: at })))
      .execute();
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
