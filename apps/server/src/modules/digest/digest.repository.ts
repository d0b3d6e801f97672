import { TASK_DIGEST } from '@crm/domain';
import type { Db } from '../../db/database.js';

/**
 * Active users, after `afterId`, who have not turned the digest off and have not yet had the one of
 * `day`, by id.
 */
export async function digestRecipients(db: Db, day: string, afterId: number, limit: number) {
  return db
    .selectFrom('users')
    .leftJoin('task_digests', 'task_digests.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('users.is_active', '=', 1)
    .where('users.id', '>', afterId)
    .where((eb) => eb.or([eb('task_digests.day', 'is', null), eb('task_digests.day', '<', day)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_mutes')
            .select('notification_mutes.user_id')
            .whereRef('notification_mutes.user_id', '=', 'users.id')
            .where('notification_mutes.kind', '=', TASK_DIGEST),
        ),
      ),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/** Records that the user's digest of `day` went out. */
export async function markDigestSent(db: Db, userId: number, day: string, at: string): Promise<void> {
  await db
    .insertInto('task_digests')
    .values({ user_id: userId, day, sent_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ day, sent_at: at }))
    .execute();
}
