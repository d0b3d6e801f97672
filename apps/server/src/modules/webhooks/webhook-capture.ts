import type { LiveEvent } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { entriesWrittenSince } from '../history/history.service.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import type { WriteScope } from '../records/write-scope.js';
import { type DerivedEvent, deriveEvents, type WebhookRecordKind } from './webhook-events.js';
import { activeEndpoints, insertDelivery, insertEvent } from './webhooks.repository.js';

export const WEBHOOK_JOB = 'webhook.deliver';

/**
 * How a record reads as its detail screen shows it, read inside the write's transaction (the app's
 * wiring supplies each kind's public detail function, so this module imports none of them).
 */
export type RecordReaders = Record<WebhookRecordKind, (db: Db, id: number) => Promise<unknown>>;

type RecordRef = { kind: WebhookRecordKind; id: number };
type Listening = { id: number; hears: Set<string> }[];

const RECORD_KINDS = new Set<string>(['contact', 'agency', 'deal']);

/** The records a write's live events name (a note's or task's record included), each once. */
function recordsOf(events: readonly LiveEvent[]): RecordRef[] {
  const seen = new Map<string, RecordRef>();
  for (const event of events) {
    for (const ref of [event, event.record]) {
      if (ref && RECORD_KINDS.has(ref.kind))
        seen.set(`${ref.kind}:${ref.id}`, { kind: ref.kind as WebhookRecordKind, id: ref.id });
    }
  }
  return [...seen.values()];
}

async function listening(db: Db): Promise<Listening> {
  return (await activeEndpoints(db)).map((endpoint) => ({
    id: endpoint.id,
    hears: new Set(JSON.parse(endpoint.events) as string[]),
  }));
}

/** Keeps one event with its body and queues its delivery to each endpoint that hears it. */
async function keep(
  w: WriteScope,
  endpoints: Listening,
  ref: RecordRef,
  event: DerivedEvent,
  record: unknown,
) {
  const listeners = endpoints.filter((endpoint) => endpoint.hears.has(event.kind));
  if (listeners.length === 0) return;
  const at = w.at;
  const payload = JSON.stringify({
    type: event.kind,
    timestamp: at,
    data: {
      recordKind: ref.kind === 'agency' ? 'partner' : ref.kind,
      recordId: ref.id,
      changed: event.changed,
      ...(event.note !== undefined ? { note: event.note } : {}),
      ...(event.task !== undefined ? { task: event.task } : {}),
      record: record ?? null,
    },
  });
  const eventId = await insertEvent(w.db, {
    kind: event.kind,
    recordKind: ref.kind,
    recordId: ref.id,
    payload,
    at,
  });
  for (const endpoint of listeners) {
    const deliveryId = await insertDelivery(w.db, {
      endpointId: endpoint.id,
      eventId,
      recordKey: `${ref.kind}:${ref.id}`,
      at,
    });
    await enqueueJob(w.db, { kind: WEBHOOK_JOB, payload: { deliveryId }, maxAttempts: 5 });
  }
}

/**
 * The subscribers of 'write.committing' and 'note.added': inside the write's transaction, they
 * turn what it did into webhook events with the record as the write leaves it and the fields it
 * changed, and queue one delivery job per endpoint that hears each. All of it commits with the
 * change or not at all, so an event is neither lost by a crash after the commit nor sent for a
 * change rolled back.
 */
export function webhookSubscribers(readers: RecordReaders) {
  const read = (db: Db, ref: RecordRef) => readers[ref.kind](db, ref.id).catch(() => undefined);
  return {
    async onWrite(w: WriteScope, { events, since }: { events: readonly LiveEvent[]; since: string }) {
      const records = recordsOf(events);
      if (records.length === 0) return;
      const endpoints = await listening(w.db);
      if (endpoints.length === 0) return;
      for (const ref of records) {
        const entries = await entriesWrittenSince(w.db, ref, w.actor.user.id, since);
        // A partner's creation leaves no history entry; anything else without one changed nothing.
        if (entries.length === 0 && ref.kind !== 'agency') continue;
        const record = await read(w.db, ref);
        // The write's own task event names the task a task.done is about.
        const task = events.find(
          (event) => event.kind === 'task' && event.record?.kind === ref.kind && event.record.id === ref.id,
        );
        for (const event of deriveEvents(ref.kind, entries, record, since)) {
          const about = event.kind === 'task.done' && task ? { ...event, task: { id: task.id } } : event;
          await keep(w, endpoints, ref, about, record);
        }
      }
    },
    async onNote(w: WriteScope, note: { parent: RecordRef; noteId: number; text: string }) {
      const endpoints = (await listening(w.db)).filter((endpoint) => endpoint.hears.has('note.added'));
      if (endpoints.length === 0) return;
      const record = await read(w.db, note.parent);
      const event: DerivedEvent = {
        kind: 'note.added',
        changed: [],
        note: { id: note.noteId, text: note.text },
      };
      await keep(w, endpoints, note.parent, event, record);
    },
  };
}
