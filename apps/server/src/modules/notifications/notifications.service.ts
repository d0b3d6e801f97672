import {
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationKind,
  type NotificationPreferences,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { type Audience, type AudiencedEvent, mayHear } from '../events/event-types.js';
import { activeUsersAmong } from '../users/user-reads.js';
import {
  countNotifications,
  insertNotifications,
  listNotifications,
  markAllRead,
  markRead,
  mutedKinds,
  setMuted,
  usersMuting,
} from './notifications.repository.js';

export interface NotificationDraft {
  kind: NotificationKind;
  /** Who did it; they are never notified of their own action. */
  actorId: number | null;
  recipients: number[];
  /**
   * Who may read what it tells at this moment, by the same rule as the events of that record or
   * task (a deactivated contact and its tasks are the admins'). A recipient outside it is not
   * notified: the text would hand them what the record's own screen refuses them.
   */
  audience: Audience;
  text: string;
  taskId?: number | null;
  contactId?: number | null;
  agencyId?: number | null;
  importId?: number | null;
  dealId?: number | null;
}

/**
 * Writes a notification for each recipient who is active, may read what it tells, and has not
 * turned the kind off, inside the caller's transaction (so "may read" is read as the write leaves
 * it), and answers the events to publish once it has committed.
 */
export async function notify(
  db: Db,
  draft: NotificationDraft,
  at: string = nowIso(),
): Promise<AudiencedEvent[]> {
  const named = [...new Set(draft.recipients)].filter((id) => id !== draft.actorId);
  const readers = (await activeUsersAmong(db, named))
    .filter((user) => mayHear({ userId: user.id, role: user.role }, draft.audience))
    .map((user) => user.id);
  const muted = await usersMuting(db, readers, draft.kind);
  const recipients = readers.filter((id) => !muted.has(id));
  await insertNotifications(
    db,
    recipients.map((userId) => ({
      user_id: userId,
      kind: draft.kind,
      actor_id: draft.actorId,
      task_id: draft.taskId ?? null,
      contact_id: draft.contactId ?? null,
      agency_id: draft.agencyId ?? null,
      import_id: draft.importId ?? null,
      deal_id: draft.dealId ?? null,
      text: draft.text.slice(0, 300),
      created_at: at,
    })),
  );
  return recipients.map((userId) => ({ kind: 'notification', id: userId, audience: { users: [userId] } }));
}

/**
 * A contact handed to someone: they are told, unless they handed it to themselves or the contact,
 * as the write leaves it, is one they may not open (a deactivated one, to a plain user).
 */
export function contactAssigned(
  actor: Actor,
  assigneeId: number,
  contact: { id: number; name: string; audience: Audience },
): NotificationDraft {
  return {
    kind: 'contact_assigned',
    actorId: actor.user.id,
    recipients: [assigneeId],
    audience: contact.audience,
    text: contact.name,
    contactId: contact.id,
  };
}

/** The person who started an import hears when it has run (they are no actor of their own job). */
export function importFinished(
  userId: number,
  importId: number,
  filename: string,
  rows: number,
  errors: number,
): NotificationDraft {
  const rowsText = `${rows} ${rows === 1 ? 'row' : 'rows'}`;
  return {
    kind: 'import_finished',
    actorId: null,
    recipients: [userId],
    audience: { users: [userId] },
    importId,
    text: `${filename}: ${rowsText}${errors > 0 ? `, ${errors} with errors` : ''}`,
  };
}

export interface NotificationItem {
  id: number;
  kind: string;
  text: string;
  actor: { name: string } | null;
  taskId: number | null;
  /** The record it is about, with its screen's path; null for a task without a record or an import. */
  record: { kind: 'contact' | 'agency' | 'deal'; id: number; path: string } | null;
  /** Where opening it leads: the record's screen, the import's page, or My Tasks. */
  path: string;
  read: boolean;
  createdAt: string;
}

/** Where a notification without a record leads: its import's page (the import history for one written before notifications named their import), or My Tasks. */
function notificationPath(kind: string, importId: number | null): string {
  if (importId !== null) return `/imports/${importId}`;
  return kind === 'import_finished' ? '/imports' : '/my-tasks';
}

const readerOf = (actor: Actor) => ({ userId: actor.user.id, admin: isAdmin(actor) });

export async function notificationsOf(
  ctx: AppContext,
  actor: Actor,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ items: NotificationItem[]; total: number }> {
  const reader = readerOf(actor);
  const [rows, total] = await Promise.all([
    listNotifications(ctx.db, reader, options),
    countNotifications(ctx.db, reader, options.unreadOnly),
  ]);
  const items = rows.map((row) => {
    const record: NotificationItem['record'] =
      row.contact_id !== null
        ? {
            kind: 'contact' as const,
            id: row.contact_id,
            path: `/${row.contact_type === 'CUSTOMER' ? 'customer' : 'lead'}/${row.contact_id}`,
          }
        : row.agency_id !== null
          ? { kind: 'agency' as const, id: row.agency_id, path: `/agency/${row.agency_id}` }
          : row.deal_id !== null
            ? { kind: 'deal' as const, id: row.deal_id, path: `/deals/${row.deal_id}` }
            : null;
    return {
      id: row.id,
      kind: row.kind,
      text: row.text,
      actor: row.actor_name ? { name: row.actor_name } : null,
      taskId: row.task_id,
      record,
      path: record?.path ?? notificationPath(row.kind, row.import_id),
      read: row.read_at !== null,
      createdAt: row.created_at,
    };
  });
  return { items, total };
}

export const unreadCount = (ctx: AppContext, actor: Actor) =>
  countNotifications(ctx.db, readerOf(actor), true);

const selfEvent = (userId: number): AudiencedEvent => ({
  kind: 'notification',
  id: userId,
  audience: { users: [userId] },
});

export async function readNotification(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await markRead(ctx.db, actor.user.id, id, nowIso()))) throw notFound('Notification not found');
  ctx.events.publish(selfEvent(actor.user.id));
}

export async function readAllNotifications(ctx: AppContext, actor: Actor): Promise<void> {
  await markAllRead(ctx.db, actor.user.id, nowIso());
  ctx.events.publish(selfEvent(actor.user.id));
}

export async function preferencesOf(ctx: AppContext, actor: Actor): Promise<NotificationPreferences> {
  const muted = new Set(await mutedKinds(ctx.db, actor.user.id));
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, !muted.has(key)]),
  ) as NotificationPreferences;
}

export async function updatePreferences(
  ctx: AppContext,
  actor: Actor,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const key of NOTIFICATION_PREFERENCE_KEYS) {
      const enabled = changes[key];
      if (enabled !== undefined) await setMuted(trx, actor.user.id, key, !enabled);
    }
  });
  return preferencesOf(ctx, actor);
}
