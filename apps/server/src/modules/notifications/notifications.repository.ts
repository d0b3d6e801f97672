import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';

export type NewNotification = Omit<Insertable<NotificationsTable>, 'id' | 'read_at'>;

/** Of these users, the ones who turned this kind off. */
export async function usersMuting(db: Db, userIds: number[], kind: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_mutes')
    .select('user_id')
    .where('kind', '=', kind)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
}

export async function listNotifications(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; limit: number; offset: number },
) {
  let qb = db
    .selectFrom('notifications')
    .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
    .leftJoin('contacts', 'contacts.id', 'notifications.contact_id')
    .leftJoin('agencies', 'agencies.id', 'notifications.agency_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.text',
      'notifications.task_id',
      'notifications.contact_id',
      'notifications.agency_id',
      'notifications.import_id',
      'notifications.read_at',
      'notifications.created_at',
      'actor.name as actor_name',
      'contacts.type as contact_type',
    ])
    .where('notifications.user_id', '=', userId);
  if (options.unreadOnly) qb = qb.where('notifications.read_at', 'is', null);
  return qb.orderBy('notifications.id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countNotifications(db: Db, userId: number, unreadOnly: boolean): Promise<number> {
  let qb = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (unreadOnly) qb = qb.where('read_at', 'is', null);
  const row = await qb.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one notification of this user read; false when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number, at: string): Promise<boolean> {
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).execute();
  }
  return true;
}

export async function markAllRead(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function mutedKinds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_mutes')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.kind);
}

export async function setMuted(db: Db, userId: number, kind: string, muted: boolean): Promise<void> {
  await db.deleteFrom('notification_mutes').where('user_id', '=', userId).where('kind', '=', kind).execute();
  if (muted) await db.insertInto('notification_mutes').values({ user_id: userId, kind }).execute();
}
