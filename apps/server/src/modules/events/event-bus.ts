import { type AudiencedEvent, type Listener, type LiveEvent, mayHear } from './event-types.js';

/** How events leave this process and come back from every process (this one included). */
export interface EventTransport {
  send(events: AudiencedEvent[]): Promise<void>;
  /**
   * Starts receiving; `receive` gets every batch sent by any process. `resync` is called when
   * batches may have been missed (the way between processes was lost for a while, then came back).
   */
  start(receive: (events: AudiencedEvent[]) => void, resync?: () => void): Promise<void>;
  stop(): Promise<void>;
  /** False while events sent by other processes cannot reach this one; absent means always true. */
  receiving?(): boolean;
}

/**
 * One publish function for every writer and one fan-out to this process's open streams. Writers
 * call publish after their transaction committed; events published in the same tick travel as one
 * batch, so a burst costs one message between processes, not one per record.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private pending: AudiencedEvent[] = [];
  private flushing: Promise<void> | undefined;
  private started: Promise<void> | undefined;

  constructor(
    private readonly transport: EventTransport,
    private readonly onError: (error: unknown) => void,
  ) {}

  publish(...events: AudiencedEvent[]): void {
    this.pending.push(...events);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
  }

  /** Resolves once everything published so far has been handed to the transport. */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      if (batch.length > 0) await this.transport.send(batch);
    } catch (error) {
      this.onError(error);
    } finally {
      this.flushing = undefined;
      if (this.pending.length > 0) this.publish();
    }
  }

  /** The transport starts with the first listener, so a process nobody streams from does not poll. */
  async subscribe(listener: Listener): Promise<() => void> {
    // Streams that may have missed events end, and browsers reconnect and refetch what they show.
    this.started ??= this.transport.start(
      (events) => this.dispatch(events),
      () => this.endStreams(),
    );
    await this.started;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether events from other processes reach this one now (readiness reports it). */
  get receiving(): boolean {
    return this.transport.receiving?.() ?? true;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * Each listener gets the events it may hear as one JSON text. Most events are everyone's, so the
   * text of the whole batch is made once and shared by every listener that hears all of it.
   */
  private dispatch(events: AudiencedEvent[]): void {
    const visible: LiveEvent[] = events.map(({ audience: _audience, ...event }) => event);
    let whole: string | undefined;
    for (const listener of this.listeners) {
      const heard = visible.filter((_event, index) => mayHear(listener, events[index]!.audience));
      if (heard.length === 0) continue;
      if (heard.length === visible.length) {
        whole ??= JSON.stringify(visible);
        listener.deliver(whole);
      } else {
        listener.deliver(JSON.stringify(heard));
      }
    }
  }

  endStreams(): void {
    for (const listener of this.listeners) listener.end();
    this.listeners.clear();
  }

  async close(): Promise<void> {
    await this.settled();
    this.listeners.clear();
    if (this.started) await this.transport.stop();
  }
}
