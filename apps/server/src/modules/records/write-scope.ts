import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { nowIso } from '../../lib/time.js';
import type { EventBus } from '../events/event-bus.js';
import type { AudiencedEvent } from '../events/event-types.js';
import type { Hooks, Topic, Topics } from './topics.js';

/**
 * One write of one or more records: the transaction every part of it runs in, who makes it and
 * when, and the live events it produced. The events leave only once the transaction has committed,
 * so nobody hears of a change that was rolled back (a dry run, a refused row).
 */
export interface WriteScope {
  readonly db: Db;
  readonly actor: Actor;
  /**
   * The time now. A write reads it once, after it has locked its row, so that on PostgreSQL (where
   * the lock may wait for another writer) each record's history and update time follow the order
   * in which the writes really happened.
   */
  readonly at: string;
  /** Queues events to publish after commit. */
  publish(...events: AudiencedEvent[]): void;
  /** Tells the subscribers of a topic, in this transaction. */
  emit<T extends Topic>(topic: T, payload: Topics[T]): Promise<void>;
}

export interface WriteDeps {
  db: Db;
  events: EventBus;
  hooks: Hooks<WriteScope>;
}

/** Thrown inside a dry run's transaction so that nothing it wrote is kept. */
class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

/**
 * Runs `work` in one transaction; on commit its events are published. A dry run does all of it,
 * answers the same result, and rolls everything back, events included.
 */
export async function inWrite<T>(
  deps: WriteDeps,
  actor: Actor,
  work: (w: WriteScope) => Promise<T>,
  options: { dryRun?: boolean } = {},
): Promise<T> {
  const events: AudiencedEvent[] = [];
  const since = nowIso();
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const scope: WriteScope = {
        db: trx,
        actor,
        get at() {
          return nowIso();
        },
        publish: (...more) => {
          events.push(...more);
        },
        emit: (topic, payload) => deps.hooks.emit(topic, scope, payload),
      };
      const answer = await work(scope);
      if (options.dryRun) throw new DryRunRollback(answer);
      if (events.length > 0) await deps.hooks.emit('write.committing', scope, { events, since });
      return answer;
    });
    deps.events.publish(...events);
    return result;
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as T;
    throw error;
  }
}
