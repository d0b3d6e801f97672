import type { Db } from '../../db/database.js';
import { badRequest } from '../../lib/http-errors.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { notify } from '../notifications/notifications.service.js';
import type { ParentRef } from '../parents.js';
import { parentEvent } from '../records/parent-event.js';
import { userNames } from '../users/user-reads.js';
import { mentionedUserIds, withCurrentNames } from './mentions.js';

/** The most people one text may mention: each is one notification, written in the note's transaction. */
export const MENTION_LIMIT = 20;
export const TOO_MANY_MENTIONS = `A note can mention at most ${MENTION_LIMIT} people`;

/** Refuses, before anything is written, a text that mentions more people than one note may tell. */
export function assertMentionLimit(html: string): void {
  if (mentionedUserIds(html).length > MENTION_LIMIT)
    throw badRequest(TOO_MANY_MENTIONS, { content: TOO_MANY_MENTIONS });
}

/** Shows every mention in these texts with the user's current name, in one query. */
export async function showMentions<T extends { content: string }>(db: Db, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.flatMap((item) => mentionedUserIds(item.content)))];
  if (ids.length === 0) return items;
  const names = await userNames(db, ids);
  return items.map((item) => ({ ...item, content: withCurrentNames(item.content, names) }));
}

/**
 * Tells the people a new note mentions, inside the note's transaction; answers the events to
 * publish after commit. Only those who may read the note now are told, by the rule its record's
 * screens use (an agency's notes are everyone's; a deactivated contact's, the admins'), since the
 * notification carries the note's text. The others are left out without a word to the author:
 * the note is saved as written, and the mention shows their name like any other.
 */
export async function notifyMentions(
  db: Db,
  actorId: number,
  parent: ParentRef,
  html: string,
  text: string,
  at: string,
): Promise<AudiencedEvent[]> {
  const mentioned = mentionedUserIds(html);
  if (mentioned.length === 0) return [];
  const { audience } = await parentEvent(db, parent);
  return notify(
    db,
    {
      kind: 'mention',
      actorId,
      recipients: mentioned,
      audience,
      text,
      contactId: parent.kind === 'contact' ? parent.id : null,
      agencyId: parent.kind === 'agency' ? parent.id : null,
      dealId: parent.kind === 'deal' ? parent.id : null,
    },
    at,
  );
}
