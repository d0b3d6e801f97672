import { type Audience, type AudiencedEvent, adminsOnly } from '../events/event-types.js';
import type { ParentRef } from '../parents.js';
import type { TaskRow } from './tasks.repository.js';

/*
 * What a task's change tells the live-update streams, and whom. Apart from tasks.service.ts, which
 * queues due reminders, so that the reminders' pass (due-reminders.ts) can tell it too.
 */

/** A task's record, if it has one. */
export function recordOf(row: Pick<TaskRow, 'contact_id' | 'agency_id'>): ParentRef | null {
  if (row.contact_id !== null) return { kind: 'contact', id: row.contact_id };
  if (row.agency_id !== null) return { kind: 'agency', id: row.agency_id };
  return null;
}

/**
 * Who hears that a task changed: everyone who may see its record (an active record is everyone's);
 * on a deactivated record, only the admins (its tasks are hidden from everyone else); without a
 * record, its assignee, its creator and the admins.
 */
export function taskAudience(
  row: Pick<TaskRow, 'contact_id' | 'agency_id' | 'record_active' | 'assignee_id' | 'creator_id'>,
  also: number[] = [],
): Audience {
  if (recordOf(row)) return row.record_active === 1 ? { everyone: true } : adminsOnly;
  return { ...adminsOnly, users: [row.assignee_id, row.creator_id, ...also] };
}

/** The live-update event of a task's change; `also` names users who hear of it besides. */
export function taskEvent(
  row: Parameters<typeof taskAudience>[0] & { id: number },
  also: number[] = [],
): AudiencedEvent {
  const record = recordOf(row);
  return { kind: 'task', id: row.id, ...(record ? { record } : {}), audience: taskAudience(row, also) };
}
