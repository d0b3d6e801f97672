import type { Db } from '../../db/database.js';
import { type AudiencedEvent, recordAudience } from '../events/event-types.js';
import type { ParentRef } from '../parents.js';
import { recordIsActive } from '../parents.repository.js';

/**
 * The event for a change under a record (a note, a file): its record's screens refresh. An agency
 * is everyone's, active or not; an inactive contact is heard of by admins only.
 */
export async function parentEvent(db: Db, parent: ParentRef): Promise<AudiencedEvent> {
  const visibleToAll = parent.kind === 'agency' || (await recordIsActive(db, parent)) === true;
  return { kind: parent.kind, id: parent.id, audience: recordAudience(visibleToAll) };
}
