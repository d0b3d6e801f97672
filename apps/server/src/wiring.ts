import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import type { Actor } from './lib/actor.js';
import { agencyDetail } from './modules/agencies/agencies.service.js';
import { followUserRename as agenciesFollowUserRename } from './modules/agencies/agency-follows.js';
import { endSessionsOf } from './modules/auth/session-ends.js';
import {
  followUserRename as contactsFollowUserRename,
  followAgencyRename,
} from './modules/contacts/contact-follows.js';
import { contactDetail } from './modules/contacts/contacts.service.js';
import { dealDetail } from './modules/deals/deals.service.js';
import type { Hooks } from './modules/records/topics.js';
import type { WriteScope } from './modules/records/write-scope.js';
import { webhookSubscribers } from './modules/webhooks/webhook-capture.js';

/**
 * Who follows whose writes, in one place: each topic's writer never imports its subscribers, so
 * the modules' imports run one way only (docs/decisions.md, "What may import what").
 */
export function subscribeTopics(hooks: Hooks<WriteScope>): void {
  hooks.on('user.signed-out', endSessionsOf);
  hooks.on('user.renamed', contactsFollowUserRename);
  hooks.on('user.renamed', agenciesFollowUserRename);
  hooks.on('agency.renamed', followAgencyRename);
}

/**
 * Webhooks hear every write as it commits, and read its record as an admin's detail screen shows
 * it, inside the write's transaction (so the body is the record as this change left it).
 */
export function subscribeWebhooks(ctx: AppContext): void {
  const reader: Actor = { user: { id: 0, name: 'Webhooks', email: '', role: 'admin' }, sessionId: '' };
  const within = (db: Db) => ({ ...ctx, db });
  const webhooks = webhookSubscribers({
    contact: (db, id) => contactDetail(within(db), reader, id),
    agency: (db, id) => agencyDetail(within(db), reader, id),
    deal: (db, id) => dealDetail(within(db), reader, id),
  });
  ctx.hooks.on('write.committing', webhooks.onWrite);
  ctx.hooks.on('note.added', webhooks.onNote);
}
