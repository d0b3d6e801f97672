import type { Db } from '../../db/database.js';
import { lockPerson, PERSON_LOCKS } from '../../db/person-lock.js';

/**
 * Records an export being streamed by `userId` until `expiresAt`, unless they already stream `max`
 * (rows past their time belong to a process that died, and are removed first); answers its id, or
 * undefined when there is no room. The person's lock makes two requests count one after the other.
 */
export async function holdExportStream(
  db: Db,
  hold: { userId: number; max: number; now: string; expiresAt: string },
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockPerson(trx, PERSON_LOCKS.exports, hold.userId);
    await trx
      .deleteFrom('export_streams')
      .where('user_id', '=', hold.userId)
      .where('expires_at', '<', hold.now)
      .execute();
    const held = await trx
      .selectFrom('export_streams')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', hold.userId)
      .executeTakeFirst();
    if (Number(held?.count ?? 0) >= hold.max) return undefined;
    const row = await trx
      .insertInto('export_streams')
      .values({ user_id: hold.userId, expires_at: hold.expiresAt, created_at: hold.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function renewExportStream(db: Db, id: number, expiresAt: string): Promise<void> {
  await db.updateTable('export_streams').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function endExportStream(db: Db, id: number): Promise<void> {
  await db.deleteFrom('export_streams').where('id', '=', id).execute();
}
