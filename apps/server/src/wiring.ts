import { followUserRename as agenciesFollowUserRename } from './modules/agencies/agency-follows.js';
import { endSessionsOf } from './modules/auth/session-ends.js';
import {
  followUserRename as contactsFollowUserRename,
  followAgencyRename,
} from './modules/contacts/contact-follows.js';
import type { Hooks } from './modules/records/topics.js';
import type { WriteScope } from './modules/records/write-scope.js';

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
