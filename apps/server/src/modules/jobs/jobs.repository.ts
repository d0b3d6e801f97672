import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import type { Database, JobsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

export type JobRow = Omit<
  JobsTable,
  'id' | 'progress_done' | 'progress_errors' | 'attempts' | 'created_at'
> & {
  id: number;
  progress_done: number;
  progress_errors: number;
  attempts: number;
  created_at: string;
};

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
/** States in which a job still holds its unique key. */
export const ACTIVE_STATES: JobState[] = ['queued', 'running'];

export interface NewJob {
  kind: string;
  payload: string;
  actorId: number | null;
  runAt: string;
  maxAttempts: number;
  uniqueKey: string | null;
}

/** Inserts a queued job; answers undefined when its unique key is already queued or running. */
export async function insertJob(db: Db, job: NewJob): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      state: 'queued',
      unique_key: job.uniqueKey,
      payload: job.payload,
      actor_id: job.actorId,
      run_at: job.runAt,
      max_attempts: job.maxAttempts,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      // The conflict target repeats the partial index's condition word for word (SQLite requires it).
      oc.column('unique_key').where(sql.raw<SqlBool>("state IN ('queued', 'running')")).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    JobRow | undefined
  >;
}

/**
 * Jobs run in two lanes, each with slots of its own in every runner: `system` for the jobs nobody
 * started (reminders, digests, schedules: no actor), so that they never wait behind imports, and
 * `people` for the jobs someone started (imports, previews, undo), shared fairly between them.
 */
export type JobLane = 'system' | 'people';

export interface JobClaim {
  workerId: string;
  kinds: string[];
  now: string;
  leaseUntil: string;
  lane: JobLane;
  /**
   * people: take only the job of someone who has none running (a runner's last free slot), so that
   * one person's long jobs never hold every slot while another person's job waits.
   */
  newcomersOnly?: boolean;
}

/**
 * Takes the next due job of the given kinds and lane for this worker: a queued job whose time has
 * come, or a running job whose lease has expired (its process died). The system lane takes the
 * oldest first. The people lane takes the job of the person with the fewest jobs running across
 * every process first, then the oldest: a person's small job is not stuck behind another person's
 * queue of large ones. PostgreSQL skips rows another claim has locked; SQLite's transactions take
 * the single write lock up front (`begin immediate`), so claims run one after another. Either way
 * one job goes to one worker. (Two PostgreSQL claims at the same moment may both count a person's
 * running jobs before either commits: the order is then fair as of a moment before, never wrong.)
 */
export async function claimNextJob(db: Db, claim: JobClaim): Promise<JobRow | undefined> {
  if (claim.kinds.length === 0) return undefined;
  return db.transaction().execute(async (trx) => {
    // The running jobs of the candidate's person: a lease that has expired no longer counts.
    const runningOfActor = (eb: ExpressionBuilder<Database & { j: JobsTable }, 'j'>) =>
      eb
        .selectFrom('jobs as r')
        .whereRef('r.actor_id', '=', 'j.actor_id')
        .where('r.state', '=', 'running')
        .where('r.locked_until', '>=', claim.now);
    let candidate = trx
      .selectFrom('jobs as j')
      .select('j.id')
      .where('j.kind', 'in', claim.kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('j.state', '=', 'queued'), eb('j.run_at', '<=', claim.now)]),
          eb.and([eb('j.state', '=', 'running'), eb('j.locked_until', '<', claim.now)]),
        ]),
      );
    if (claim.lane === 'system') {
      candidate = candidate.where('j.actor_id', 'is', null);
    } else {
      candidate = candidate.where('j.actor_id', 'is not', null);
      if (claim.newcomersOnly)
        candidate = candidate.where((eb) => eb.not(eb.exists(runningOfActor(eb).select('r.id'))));
      else
        candidate = candidate.orderBy((eb) =>
          runningOfActor(eb).select((inner) => inner.fn.countAll<number>().as('running')),
        );
    }
    candidate = candidate.orderBy('j.run_at').orderBy('j.id').limit(1);
    if (engineOf(db) === 'postgres') candidate = candidate.forUpdate().skipLocked();
    const found = await candidate.executeTakeFirst();
    if (!found) return undefined;
    return (await trx
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        locked_by: claim.workerId,
        locked_until: claim.leaseUntil,
        attempts: eb('attempts', '+', 1),
        started_at: eb.fn.coalesce('started_at', eb.val(claim.now)),
        updated_at: claim.now,
      }))
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirst()) as JobRow | undefined;
  });
}

/** How many jobs of `kinds` a person has queued or running (a per-person limit reads it). */
export async function countActiveJobsOf(db: Db, actorId: number, kinds: string[]): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('actor_id', '=', actorId)
    .where('state', 'in', ACTIVE_STATES)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface ProgressValues {
  done?: number;
  total?: number | null;
  errors?: number;
  /** JSON text the handler reads back when the job resumes. */
  checkpoint?: string | null;
}

/**
 * Writes progress and renews the lease, only while this worker still holds the job. Answers false
 * when it does not (the lease expired and another worker took it, or the job was cancelled).
 */
export async function saveJobProgress(
  db: Db,
  id: number,
  workerId: string,
  values: ProgressValues,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      ...(values.done !== undefined ? { progress_done: values.done } : {}),
      ...(values.total !== undefined ? { progress_total: values.total } : {}),
      ...(values.errors !== undefined ? { progress_errors: values.errors } : {}),
      ...(values.checkpoint !== undefined ? { checkpoint: values.checkpoint } : {}),
      locked_until: leaseUntil,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a job this worker holds: done with its result, failed with its error, or queued again. */
export async function releaseJob(
  db: Db,
  id: number,
  workerId: string,
  outcome:
    | { state: 'done'; result: string }
    | { state: 'failed'; error: string }
    | { state: 'queued'; runAt: string; error: string | null; refund?: boolean },
): Promise<boolean> {
  const now = nowIso();
  const finished = outcome.state === 'queued' ? {} : { finished_at: now };
  const refund = outcome.state === 'queued' && outcome.refund === true;
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      // A job handed back by a stopping process did not fail: the attempt does not count.
      ...(refund ? { attempts: eb('attempts', '-', 1) } : {}),
      state: outcome.state,
      locked_by: null,
      locked_until: null,
      updated_at: now,
      ...finished,
      ...(outcome.state === 'done' ? { result: outcome.result, error: null } : {}),
      ...(outcome.state === 'failed' ? { error: outcome.error } : {}),
      ...(outcome.state === 'queued' ? { run_at: outcome.runAt, error: outcome.error } : {}),
    }))
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cancels a job that has not finished; a running one stops at its next progress write. */
export async function cancelJob(db: Db, id: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', locked_by: null, locked_until: null, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', ACTIVE_STATES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Jobs waiting or running, by kind and state: the queue depth metric (read through jobs_due). */
export async function countActiveJobs(db: Db): Promise<{ kind: string; state: string; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ACTIVE_STATES)
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, state: row.state, count: Number(row.count) }));
}
