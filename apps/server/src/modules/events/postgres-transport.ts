import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadPg } from '../../lib/optional-modules.js';
import type { EventTransport } from './event-bus.js';
import type { AudiencedEvent } from './event-types.js';
import { publishToChannel } from './events.repository.js';

const CHANNEL = 'crm_events';
/** NOTIFY payloads must stay under 8,000 bytes; larger batches go as several notifications. */
const MAX_PAYLOAD = 7000;

/**
 * PostgreSQL carries events between every process and machine on the database: NOTIFY on send,
 * one LISTEN connection per process on receive. A lost connection is reopened after a second.
 */
export class PostgresTransport implements EventTransport {
  private client: pg.Client | undefined;
  private stopped = false;
  private receive: ((events: AudiencedEvent[]) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly databaseUrl: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async send(events: AudiencedEvent[]): Promise<void> {
    let chunk: AudiencedEvent[] = [];
    let size = 2;
    for (const event of events) {
      const length = JSON.stringify(event).length + 1;
      if (chunk.length > 0 && size + length > MAX_PAYLOAD) {
        await publishToChannel(this.db, CHANNEL, JSON.stringify(chunk));
        chunk = [];
        size = 2;
      }
      chunk.push(event);
      size += length;
    }
    if (chunk.length > 0) await publishToChannel(this.db, CHANNEL, JSON.stringify(chunk));
  }

  async start(receive: (events: AudiencedEvent[]) => void): Promise<void> {
    this.receive = receive;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.receive?.(JSON.parse(message.payload) as AudiencedEvent[]);
      } catch (error) {
        this.onError(error);
      }
    });
    client.on('error', (error) => {
      this.onError(error);
      this.reconnectLater(client);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private reconnectLater(broken: pg.Client): void {
    if (this.stopped || this.client !== broken) return;
    this.client = undefined;
    void broken.end().catch(() => {});
    setTimeout(() => {
      if (!this.stopped) this.connect().catch((error: unknown) => this.onError(error));
    }, 1000).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
