import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadPg } from '../../lib/optional-modules.js';
import type { EventTransport } from './event-bus.js';
import type { AudiencedEvent } from './event-types.js';
import { publishToChannel } from './events.repository.js';

const CHANNEL = 'crm_events';
/** NOTIFY payloads must stay under 8,000 bytes; larger batches go as several notifications. */
const MAX_PAYLOAD = 7000;
/** Named in pg_stat_activity, so an operator (and a test) can tell the listener from the pool. */
export const LISTENER_APPLICATION_NAME = 'crm-events';
/** Reconnect delays: the first soon, then doubling, capped so a database back is heard within 5 s. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
/**
 * A LISTEN connection only receives, so a network that drops packets without a reset would leave
 * it waiting forever; a query every so often, answered within the timeout, proves it alive.
 */
const PING_EVERY_MS = 15_000;
const PING_TIMEOUT_MS = 5000;

/**
 * PostgreSQL carries events between every process and machine on the database: NOTIFY on send,
 * one LISTEN connection per process on receive. A lost connection is reopened with a growing
 * delay (250 ms doubling to 5 s) for as long as it takes; once it listens again, `resync` is told,
 * since whatever was sent meanwhile never reached this process.
 */
export class PostgresTransport implements EventTransport {
  private client: pg.Client | undefined;
  private stopped = false;
  private listening = false;
  /** Whether events may have been missed since the last LISTEN (a drop, a failed attempt). */
  private lost = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private receive: ((events: AudiencedEvent[]) => void) | undefined;
  private resync: (() => void) | undefined;

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

  /**
   * Resolves after the first attempt, whether or not it listens: a stream opened while the
   * database is away stays open and hears events once the retries get through.
   */
  async start(receive: (events: AudiencedEvent[]) => void, resync?: () => void): Promise<void> {
    this.receive = receive;
    this.resync = resync;
    await this.attempt();
  }

  /**
   * False from a failed attempt or a lost connection until it listens again: readiness reports it.
   * Before the first attempt has answered nothing is known to be wrong, so a process's first stream
   * does not make it unready for a moment.
   */
  receiving(): boolean {
    return this.stopped || this.listening || !this.lost;
  }

  private async attempt(): Promise<void> {
    this.retryTimer = undefined;
    if (this.stopped) return;
    try {
      await this.connect();
    } catch (error) {
      this.onError(error);
      this.lost = true;
      this.retryLater();
    }
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    // A little spread, so that the processes of a fleet do not all knock at the same instant.
    const delay = Math.round(this.retryMs * (0.8 + Math.random() * 0.4));
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => void this.attempt(), delay);
    this.retryTimer.unref();
  }

  private async connect(): Promise<void> {
    const client = new (loadPg().Client)({
      connectionString: this.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.receive?.(JSON.parse(message.payload) as AudiencedEvent[]);
      } catch (error) {
        this.onError(error);
      }
    });
    // A failed connect() also ends up here; only an established connection's loss is acted on.
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.retryMs = FIRST_RETRY_MS;
    this.pingTimer = setInterval(() => this.ping(client), PING_EVERY_MS);
    this.pingTimer.unref();
    if (this.lost) {
      this.lost = false;
      this.resync?.();
    }
  }

  private ping(client: pg.Client): void {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    Promise.race([client.query('select 1'), timeout])
      .catch((error: unknown) => this.drop(client, error))
      .finally(() => clearTimeout(timer));
  }

  /** The listening connection is gone: close what is left of it and try again. */
  private drop(broken: pg.Client, error?: unknown): void {
    if (this.client !== broken) return;
    if (error !== undefined) this.onError(error);
    this.client = undefined;
    this.listening = false;
    this.lost = true;
    clearInterval(this.pingTimer);
    void broken.end().catch(() => {});
    this.retryLater();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}
