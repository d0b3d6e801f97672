import { nowIso } from '../../lib/time.js';
import type { SessionGrant } from '../auth/auth.service.js';

/** How often the open streams' sessions are read again: a revocation ends a stream within about this. */
export const STREAM_CHECK_MS = 1000;

/** An open stream as it was granted: the session, its user and role at subscribe. */
export interface WatchedStream {
  sessionId: string;
  userId: number;
  role: string;
  /** Ends the stream; the client reconnects with its current token, or learns it has none. */
  end: () => void;
}

type ReadGrants = (sessionIds: string[]) => Promise<Map<string, SessionGrant>>;

/**
 * The open streams of this process, each checked against its session in the database every
 * second, with one query for all of them. A stream ends when its session no longer holds (logout,
 * expiry, deactivation, a new password set by the user or an admin) or its user's role is not the
 * one it was opened with: the stream's audience was decided by that role, and the reconnection
 * decides it again. Every write of those lands in the shared database, so each instance sees it
 * without being told. A check that fails (the database away) changes nothing but expiry, which is
 * known from the last good check: events reach a process through that same database.
 */
export class StreamSessions {
  private readonly streams = new Map<WatchedStream, { expiresAt?: string }>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  /** Reported once per run of failed checks, not once a second. */
  private failing = false;

  constructor(
    private readonly readGrants: ReadGrants,
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = STREAM_CHECK_MS,
  ) {}

  /** Watches a stream until the returned function is called (the stream closed). */
  watch(stream: WatchedStream): () => void {
    this.streams.set(stream, {});
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.everyMs);
      this.timer.unref();
    }
    return () => this.forget(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  private forget(stream: WatchedStream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0) this.stop();
  }

  private end(stream: WatchedStream): void {
    this.forget(stream);
    stream.end();
  }

  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const watched = [...this.streams];
      let grants: Map<string, SessionGrant> | undefined;
      try {
        grants = await this.readGrants([...new Set(watched.map(([stream]) => stream.sessionId))]);
        this.failing = false;
      } catch (error) {
        if (!this.failing) this.onError(error);
        this.failing = true;
      }
      const now = nowIso();
      for (const [stream, known] of watched) {
        if (!this.streams.has(stream)) continue;
        if (grants) {
          const grant = grants.get(stream.sessionId);
          if (!grant || grant.userId !== stream.userId || grant.role !== stream.role) {
            this.end(stream);
            continue;
          }
          known.expiresAt = grant.expiresAt;
        }
        if (known.expiresAt !== undefined && known.expiresAt <= now) this.end(stream);
      }
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
