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

/** Whose notifications, and whether they may still read those about hidden records (admins). */
export interface NotificationReader {
  userId: number;
  admin: boolean;
}

/**
 * A reader's notifications, left out those about what they may no longer read: a contact
 * deactivated since, a task of a record deactivated since (its notes and tasks are the admins'
 * then), or a deal they no longer may see (deactivated, or neither theirs nor assigned to them,
 * the rule of dealVisibleTo). They come back if the record does.
 */
function readersNotifications(db: Db, reader: NotificationReader) {
  const qb = db
    .selectFrom('notifications')
    .leftJoin('contacts', 'contacts.id', 'notifications.contact_id')
    .leftJoin('tasks', 'tasks.id', 'notifications.task_id')
    .leftJoin('deals', 'deals.id', 'notifications.deal_id')
    .where('notifications.user_id', '=', reader.userId);
  if (reader.admin) return qb;
  return qb.where((eb) =>
    eb.and([
      eb.or([eb('notifications.contact_id', 'is', null), eb('contacts.is_active', '=', 1)]),
      eb.or([eb('notifications.task_id', 'is', null), eb('tasks.record_active', '=', 1)]),
      eb.or([
        eb('notifications.deal_id', 'is', null),
        eb.and([
          eb('deals.is_active', '=', 1),
          eb.or([eb('deals.owner_id', '=', reader.userId), eb('deals.assigned_to_id', '=', reader.userId)]),
        ]),
      ]),
    ]),
  );
}

export async function listNotifications(
  db: Db,
  reader: NotificationReader,
  options: { unreadOnly: boolean; limit: number; offset: number },
) {
  let qb = readersNotifications(db, reader)
    .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.text',
      'notifications.task_id',
      'notifications.contact_id',
      'notifications.agency_id',
      'notifications.import_id',
      'notifications.deal_id',
      'notifications.read_at',
      'notifications.created_at',
      'actor.name as actor_name',
      'contacts.type as contact_type',
    ]);
  if (options.unreadOnly) qb = qb.where('notifications.read_at', 'is', null);
  return qb.orderBy('notifications.id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countNotifications(
  db: Db,
  reader: NotificationReader,
  unreadOnly: boolean,
): Promise<number> {
  let qb = readersNotifications(db, reader).select((eb) => eb.fn.countAll<number>().as('n'));
  if (unreadOnly) qb = qb.where('notifications.read_at', 'is', null);
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
