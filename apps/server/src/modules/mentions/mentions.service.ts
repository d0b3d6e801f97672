import type { Db } from '../../db/database.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { notify } from '../notifications/notifications.service.js';
import type { ParentRef } from '../parents.js';
import { activeUsersAmong, userNames } from '../users/user-reads.js';
import { mentionedUserIds, withCurrentNames } from './mentions.js';

/** Shows every mention in these texts with the user's current name, in one query. */
export async function showMentions<T extends { content: string }>(db: Db, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.flatMap((item) => mentionedUserIds(item.content)))];
  if (ids.length === 0) return items;
  const names = await userNames(db, ids);
  return items.map((item) => ({ ...item, content: withCurrentNames(item.content, names) }));
}

/** Tells the active users a text mentions; answers the events to publish after commit. */
export async function notifyMentions(
  db: Db,
  actorId: number,
  parent: ParentRef | null,
  html: string,
  text: string,
  at: string,
): Promise<AudiencedEvent[]> {
  const recipients = (await activeUsersAmong(db, mentionedUserIds(html))).map((user) => user.id);
  if (recipients.length === 0) return [];
  return notify(
    db,
    {
      kind: 'mention',
      actorId,
      recipients,
      text,
      contactId: parent?.kind === 'contact' ? parent.id : null,
      agencyId: parent?.kind === 'agency' ? parent.id : null,
    },
    at,
  );
}
