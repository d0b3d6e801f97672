import type { WebhookEventKind } from '@crm/domain';
import type { HistoryEntryWrite } from '../history/history.repository.js';

export type WebhookRecordKind = 'contact' | 'agency' | 'deal';

export interface DerivedEvent {
  kind: WebhookEventKind;
  /** The fields this change set, by the names the history and the API use. */
  changed: string[];
  /** The note of a note.added: its id and its text as plain text. */
  note?: { id: number; text: string };
  /** The task of a task.done. */
  task?: { id: number };
}

const fieldsOf = (entries: HistoryEntryWrite[]) => [
  ...new Set(entries.flatMap((entry) => (entry.field ? [entry.field] : []))),
];

/**
 * The webhook events of one record's write, read from the history that write recorded: the history
 * is what the record's screen shows, so a webhook says exactly what the screens say. A creation is
 * one event; a conversion or a deactivation names itself (with every field the write changed);
 * other edits are an update; a task of the record done is its own event.
 */
export function deriveEvents(
  kind: WebhookRecordKind,
  entries: HistoryEntryWrite[],
  record: unknown,
  since: string,
): DerivedEvent[] {
  const events: DerivedEvent[] = [];
  const edits = entries.filter((entry) => entry.kind !== 'note' && entry.kind !== 'task');
  const changed = fieldsOf(edits);
  // A partner's creation writes no history entry: its creation time tells.
  const createdAt = (record as { createdAt?: string } | undefined)?.createdAt;
  const created =
    edits.some((entry) => entry.kind === 'created') || (createdAt !== undefined && createdAt >= since);
  if (kind === 'contact') {
    if (created) events.push({ kind: 'contact.created', changed });
    else if (edits.some((entry) => entry.kind === 'conversion'))
      events.push({ kind: 'contact.converted', changed });
    else if (edits.some((entry) => entry.field === 'isActive' && entry.newValue === 'false'))
      events.push({ kind: 'contact.deactivated', changed });
    else if (changed.length > 0) events.push({ kind: 'contact.updated', changed });
  } else if (kind === 'agency') {
    if (created) events.push({ kind: 'partner.created', changed });
    else if (edits.length > 0) events.push({ kind: 'partner.updated', changed });
  } else if (!created && changed.includes('stage')) {
    const stageKind = (record as { stage?: { kind?: string } } | undefined)?.stage?.kind;
    const outcome = stageKind === 'won' ? 'deal.won' : stageKind === 'lost' ? 'deal.lost' : null;
    events.push({ kind: outcome ?? 'deal.stage_changed', changed });
  }
  // Notes are reported by the 'note.added' topic, since not every record's history lists them.
  for (const entry of entries) {
    if (entry.kind === 'task' && entry.field === 'state' && entry.newValue === 'done')
      events.push({ kind: 'task.done', changed: ['state'] });
  }
  return events;
}
