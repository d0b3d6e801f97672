import type { Db } from '../../db/database.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import type { EventTransport } from './event-bus.js';
import type { AudiencedEvent } from './event-types.js';
import { appendEvents, deleteEventsBefore, eventsAfter, lastEventId } from './events.repository.js';

const POLL_MS = 200;
const KEEP_MS = 60_000;
const PRUNE_EVERY_MS = 30_000;

/**
 * SQLite has no NOTIFY, but every process of the machine opens the same file: a batch of events is
 * one row of the event log, and each process with open streams reads the rows after the last one it
 * saw, five times a second (an indexed read of nothing, most of the time). Rows older than a minute
 * are pruned by whichever process gets there.
 */
export class SqliteTransport implements EventTransport {
  private lastId = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  async send(events: AudiencedEvent[]): Promise<void> {
    await appendEvents(this.db, JSON.stringify(events), nowIso());
  }

  async start(receive: (events: AudiencedEvent[]) => void): Promise<void> {
    this.lastId = await lastEventId(this.db);
    this.lastPrune = Date.now();
    this.timer = setInterval(() => void this.poll(receive), POLL_MS);
    this.timer.unref();
  }

  private async poll(receive: (events: AudiencedEvent[]) => void): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const row of await eventsAfter(this.db, this.lastId)) {
        this.lastId = row.id;
        receive(JSON.parse(row.payload) as AudiencedEvent[]);
      }
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await deleteEventsBefore(this.db, isoAfter(-KEEP_MS));
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.polling = false;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
