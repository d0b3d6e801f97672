import { type Audience, type AudiencedEvent, adminsOnly } from '../events/event-types.js';
import type { ParentRef } from '../parents.js';
import type { TaskRow } from './tasks.repository.js';

/*
 * What a task's change tells the live-update streams, and whom. Apart from tasks.service.ts, which
 * queues due reminders, so that the reminders' pass (due-reminders.ts) can tell it too.
 */

/** A task's record, if it has one. */
export function recordOf(row: Pick<TaskRow, 'contact_id' | 'agency_id' | 'deal_id'>): ParentRef | null {
  if (row.contact_id !== null) return { kind: 'contact', id: row.contact_id };
  if (row.agency_id !== null) return { kind: 'agency', id: row.agency_id };
  if (row.deal_id !== null) return { kind: 'deal', id: row.deal_id };
  return null;
}

type AudienceRow = Pick<
  TaskRow,
  'contact_id' | 'agency_id' | 'deal_id' | 'record_active' | 'assignee_id' | 'creator_id'
> &
  Partial<Pick<TaskRow, 'deal_owner_id' | 'deal_assignee_id'>>;

/**
 * Who hears that a task changed: everyone who may see its record (an active contact or agency is
 * everyone's); on a deactivated record, only the admins (its tasks are hidden from everyone else);
 * on a deal, which is its people's alone, the admins, the task's assignee and creator and, while
 * active, the deal's owner and assignee; without a record, its assignee, its creator and the admins.
 */
export function taskAudience(row: AudienceRow, also: number[] = []): Audience {
  const people = [row.assignee_id, row.creator_id, ...also];
  if (row.deal_id !== null) {
    const keepers = row.record_active === 1 ? [row.deal_owner_id, row.deal_assignee_id] : [];
    return { ...adminsOnly, users: [...people, ...keepers.filter((id) => typeof id === 'number')] };
  }
  if (recordOf(row)) return row.record_active === 1 ? { everyone: true } : adminsOnly;
  return { ...adminsOnly, users: people };
}

/** The live-update event of a task's change; `also` names users who hear of it besides. */
export function taskEvent(row: AudienceRow & { id: number }, also: number[] = []): AudiencedEvent {
  const record = recordOf(row);
  return { kind: 'task', id: row.id, ...(record ? { record } : {}), audience: taskAudience(row, also) };
}
