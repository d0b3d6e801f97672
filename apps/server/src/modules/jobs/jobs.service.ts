/**
 * The shared job queue: work that outlives a request (imports, undo, reminders, cleanup) is a row
 * in `jobs`, run by a JobRunner in any server process, once.
 *
 * API (everything a feature needs):
 *   enqueueJob(db, { kind, payload, actorId?, runAt?, maxAttempts?, uniqueKey? }) → id | undefined
 *       Queues a job; pass a transaction to queue it with the rows that need it. With a uniqueKey,
 *       answers undefined while a job with that key is still queued or running (periodic jobs).
 *   runner.register(kind, handler)   in job-handlers.ts (every handler of the app is registered
 *                                    there), before the runner starts
 *   runner.every(kind, schedule, handler(ctx, slot))
 *                                    a periodic job, also in job-handlers.ts: one job per slot of
 *                                    the schedule across every process (below)
 *   runner.wake()                    after enqueueing in a request, to start at once
 *   getJob(db, id) → JobView         what a progress screen reads (no state lives in memory)
 *   cancelJob(db, id)                from jobs.repository
 *
 *   handler(ctx: JobContext) → result (stored as JSON in `result`)
 *     ctx.job         id, kind, payload, checkpoint (parsed JSON), actorId, attempt
 *     ctx.progress({ done, total, errors, checkpoint }, trx?)
 *                     saves progress and renews the lease. Pass the transaction that wrote a batch
 *                     so its checkpoint commits with it: a resumed job then starts exactly after the
 *                     last committed batch. Throws JobLostError when this process no longer holds
 *                     the job (lease taken over, or cancelled), which rolls that transaction back.
 *     ctx.signal      aborted when the runner stops or the job is lost; long handlers check it.
 *
 * Lanes and fairness. A job with an actor (someone started it: imports, previews, undo) runs in the
 * people lane, two at a time per process; a job without one (reminders, digests, schedules) in the
 * system lane, one at a time per process, so that reminders never wait behind imports. The people
 * lane takes the job of the person with the fewest jobs running across every process first, then
 * the oldest, and a process's last free people slot only takes the job of someone with none
 * running: one person's queue of large imports never holds back another person's small one.
 * `activeJobsOf(trx, actorId, kinds)` counts a person's queued and running jobs under their lock,
 * for a per-person limit (modules/limits/preview-limit.ts).
 *
 * A handler that throws is retried with backoff until maxAttempts (default 3), then failed. A job
 * whose process died is claimed again once its lease (default 60 s) expires, and resumes from its
 * checkpoint. A runner that stops gracefully hands its running jobs back at once.
 *
 * Schedules. `schedule` is an interval in milliseconds or `{ dailyAt: 'HH:MM' }` (UTC); its slots
 * start at the multiples of the interval since the epoch, or each day at that time. The runner's
 * poll enqueues the slot of the moment once its start has passed (the next start is kept in
 * memory, so most polls ask the database nothing), under the unique key `kind@slot` and with
 * payload `{ slot }`; the handler gets the slot's start as its second argument. Each slot is
 * enqueued once across all processes and machines: `job_schedules` holds each kind's last slot and
 * only the process whose conditional UPDATE advances it inserts the job, in the same transaction
 * (the jobs' unique key alone would let a process enqueue a slot again once its job is done).
 *   - An interval runs the slot it is in at once when no process has run it yet (a server starts).
 *   - A daily time's first slot is its next occurrence: a fresh install does not send today's
 *     digest because it started after the hour. After that, a slot missed while no process ran is
 *     run by the first one back.
 *   - Only the slot of the moment is enqueued: many missed slots run once, not once each.
 * A slot's job is retried like any job; a slot that fails for good is not run again, the next slot
 * is. Schedules run only in processes that run jobs (JOBS_POLL_MS > 0), and a handler must bear
 * running while the previous slot's job still runs.
 */
import type { Db } from '../../db/database.js';
import { lockPerson, PERSON_LOCKS } from '../../db/person-lock.js';
import { nowIso } from '../../lib/time.js';
import { countActiveJobsOf, findJob, insertJob, type JobRow } from './jobs.repository.js';

export interface EnqueueOptions {
  kind: string;
  payload?: unknown;
  actorId?: number | null;
  runAt?: string;
  maxAttempts?: number;
  uniqueKey?: string;
}

export async function enqueueJob(db: Db, options: EnqueueOptions): Promise<number | undefined> {
  return insertJob(db, {
    kind: options.kind,
    payload: JSON.stringify(options.payload ?? null),
    actorId: options.actorId ?? null,
    runAt: options.runAt ?? nowIso(),
    maxAttempts: options.maxAttempts ?? 3,
    uniqueKey: options.uniqueKey ?? null,
  });
}

/**
 * Inside the transaction that will queue a person's job: how many jobs of `kinds` they have queued
 * or running, with their lock held until it commits, so that a per-person limit read from it holds
 * when several requests (on any process) queue at once.
 */
export async function activeJobsOf(trx: Db, actorId: number, kinds: string[]): Promise<number> {
  await lockPerson(trx, PERSON_LOCKS.jobs, actorId);
  return countActiveJobsOf(trx, actorId, kinds);
}

export interface JobView {
  id: number;
  kind: string;
  /** What the job was asked to do (its owner checks that a job it is shown is its own kind of work). */
  payload: unknown;
  state: string;
  progress: { done: number; total: number | null; errors: number };
  result: unknown;
  error: string | null;
  actorId: number | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    state: row.state,
    progress: { done: row.progress_done, total: row.progress_total, errors: row.progress_errors },
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    error: row.error,
    actorId: row.actor_id,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}

export async function getJob(db: Db, id: number): Promise<JobView | undefined> {
  const row = await findJob(db, id);
  return row && toJobView(row);
}
