import type { Db } from '../../db/database.js';
import { type AudiencedEvent, adminsOnly, recordAudience } from '../events/event-types.js';
import type { ParentRef } from '../parents.js';
import { dealKeepers, recordIsActive } from '../parents.repository.js';

/**
 * The event for a change under a record (a note, a file): its record's screens refresh. An agency
 * is everyone's, active or not; an inactive contact is heard of by admins only; a deal by admins
 * and its owner and assignee, as the deal's own event is.
 */
export async function parentEvent(db: Db, parent: ParentRef): Promise<AudiencedEvent> {
  if (parent.kind === 'deal') {
    const deal = await dealKeepers(db, parent.id);
    const users = deal ? [deal.owner_id, ...(deal.assigned_to_id === null ? [] : [deal.assigned_to_id])] : [];
    return { kind: 'deal', id: parent.id, audience: { ...adminsOnly, users } };
  }
  const visibleToAll = parent.kind === 'agency' || (await recordIsActive(db, parent)) === true;
  return { kind: parent.kind, id: parent.id, audience: recordAudience(visibleToAll) };
}
