import { authMessages, contactMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { isoAfter } from '../../lib/time.js';
import { recordActorAudit } from '../audit/audit.service.js';
import type { JobContext, JobHandler } from '../jobs/job-runner.js';
import { enqueueJob, getJob } from '../jobs/jobs.service.js';
import { activeUserName, findUserById } from '../users/user-reads.js';
import {
  changesAfter,
  countChanges,
  countMatching,
  deleteChangesBefore,
  insertBulkChanges,
  matchingIdsAfter,
} from './bulk.repository.js';
import { type BulkAction, type BulkList, type BulkOptions, bulkKind } from './bulk-lists.js';
import { BULK_BATCH, type BulkStep, writeBatch, writeInBatches } from './bulk-run.js';

export const BULK_JOB = 'bulk-write';
/** Up to this many matching records are changed within the request; more run as a job with progress. */
export const BULK_INLINE_MAX = 100;

/** The records of a bulk request: a list's matches for its parameters, some ids, or what a bulk job changed. */
export type BulkTarget = { params: Record<string, unknown> } | { ids: number[] } | { undoOf: number };

export interface BulkRequest {
  action: BulkAction;
  target: BulkTarget;
  options: BulkOptions;
}

export interface BulkDone {
  count: number;
  message: string;
  /** The records that changed: an Undo puts back exactly these. */
  ids: number[];
}

export type BulkStarted = { done: BulkDone } | { job: { jobId: number; total: number } };

interface BulkPayload {
  list: BulkList;
  action: BulkAction;
  options: BulkOptions;
  params?: Record<string, unknown>;
  undoOf?: number;
  total: number;
}

interface BulkCheckpoint {
  afterId: number;
  done: number;
  changed: number;
}

/** The parameters that are the list's own: paging is the bulk run's business, not the client's. */
function listParams(params: Record<string, unknown>): Record<string, unknown> {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = params;
  return rest;
}

/**
 * The action is the list's and the caller's (an admin's, or one the list lets every user run), and
 * its options are sound; the names its outcome message gives are read into the options here.
 */
async function checkRequest(
  ctx: AppContext,
  actor: Actor,
  list: BulkList,
  request: BulkRequest,
): Promise<BulkOptions> {
  const kind = bulkKind(list);
  if (!kind.actions.includes(request.action))
    throw badRequest(`${request.action} is not a bulk action of ${list}`);
  if (!isAdmin(actor) && !kind.userActions?.includes(request.action)) throw forbidden(authMessages.forbidden);
  const options = { ...request.options };
  if (request.action === 'reassign') {
    const id = request.options.assignedToId;
    const name = id === undefined ? undefined : await activeUserName(ctx.db, id);
    if (name === undefined)
      throw badRequest(contactMessages.assigneeNotFound, { assignedToId: contactMessages.assigneeNotFound });
    if (list === 'deals') options.targetName = name;
  }
  const target = await kind.check?.(ctx, request.action, options);
  if (target !== undefined) options.targetName = target;
  return options;
}

/** A bulk job of this person's on this list, whose changes may be undone. */
async function undoableJob(ctx: AppContext, actor: Actor, list: BulkList, jobId: number) {
  const job = await getJob(ctx.db, jobId);
  const payload = job?.payload as BulkPayload | undefined;
  if (!job || job.kind !== BULK_JOB || job.actorId !== actor.user.id || payload?.list !== list)
    throw notFound('Bulk action not found');
  if (payload.action !== 'deactivate') throw badRequest('Only a deactivation can be undone');
  if (job.state === 'queued' || job.state === 'running') throw conflict('The bulk action is still running');
  return job;
}

function done(step: BulkStep, changed: number[]): BulkDone {
  return {
    count: changed.length,
    message: bulkKind(step.list).message(step.action, changed.length, step.options),
    ids: changed,
  };
}

/**
 * A bulk action over a list's records. What is chosen by the list's parameters (the filter and
 * search the screen shows) is read in id order: up to BULK_INLINE_MAX records are changed now,
 * more become a job whose progress the screen reads. Chosen ids are changed now; the undo of a job
 * is a job again when it changed more than BULK_INLINE_MAX records.
 */
export async function startBulk(
  ctx: AppContext,
  actor: Actor,
  list: BulkList,
  request: BulkRequest,
): Promise<BulkStarted> {
  const options = await checkRequest(ctx, actor, list, request);
  const step: BulkStep = { list, action: request.action, options };
  const { target } = request;
  if ('ids' in target)
    return {
      done: done(step, await writeInBatches(ctx, actor, step, [...new Set(target.ids)])),
    };

  let payload: BulkPayload;
  if ('undoOf' in target) {
    if (request.action !== 'activate') throw badRequest('An undo reactivates what was deactivated');
    await undoableJob(ctx, actor, list, target.undoOf);
    const total = await countChanges(ctx.db, target.undoOf);
    if (total <= BULK_INLINE_MAX) {
      const ids = await changesAfter(ctx.db, target.undoOf, 0, BULK_INLINE_MAX);
      // One batch (BULK_INLINE_MAX is the batch size): the undo's entry commits with it.
      const audit = (db: Db, changed: number[]) => undoAudit(db, actor, list, target.undoOf, changed.length);
      return { done: done(step, await writeBatch(ctx, actor, step, ids, audit)) };
    }
    payload = { ...step, undoOf: target.undoOf, total };
  } else {
    const params = listParams(target.params);
    const source = await bulkKind(list).source(ctx, actor, params);
    const first = await matchingIdsAfter(ctx.db, source, 0, BULK_INLINE_MAX + 1);
    if (first.length <= BULK_INLINE_MAX)
      return { done: done(step, await writeInBatches(ctx, actor, step, first)) };
    payload = { ...step, params, total: await countMatching(ctx.db, source) };
  }
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    const queued = await enqueueJob(trx, { kind: BULK_JOB, payload, actorId: actor.user.id, maxAttempts: 3 });
    if (payload.undoOf) await undoAudit(trx, actor, list, payload.undoOf, payload.total);
    return queued;
  });
  ctx.jobs.wake();
  return { job: { jobId: jobId!, total: payload.total } };
}

/** An undo is recorded when it is asked for, with the records it puts back (or will). */
const undoAudit = (db: Db, actor: Actor, list: BulkList, jobId: number, rows: number) =>
  recordActorAudit(db, actor, 'bulk.undo', {
    targetType: 'bulk-job',
    targetId: jobId,
    detail: { list, rows },
  });

/** How many records of a list match its parameters, exactly (the offer "Select all N matching"). */
export async function countBulkMatches(
  ctx: AppContext,
  actor: Actor,
  list: BulkList,
  params: Record<string, unknown>,
): Promise<number> {
  return countMatching(ctx.db, await bulkKind(list).source(ctx, actor, listParams(params)));
}

export interface BulkJobView {
  id: number;
  state: string;
  done: number;
  total: number;
  count: number | null;
  message: string | null;
  error: string | null;
}

/**
 * A person's bulk job as its progress bar reads it. Bulk jobs are an admin's but for the lists that
 * let every user run an action (a deals move): anyone else is refused as the admin routes refuse.
 */
export async function bulkJobView(ctx: AppContext, actor: Actor, jobId: number): Promise<BulkJobView> {
  const job = await getJob(ctx.db, jobId);
  const payload = job?.payload as BulkPayload | undefined;
  if (!isAdmin(actor) && !(job?.kind === BULK_JOB && payload && bulkKind(payload.list).userActions?.length))
    throw forbidden(authMessages.forbidden);
  if (!job || !payload || job.kind !== BULK_JOB || job.actorId !== actor.user.id)
    throw notFound('Bulk action not found');
  const result = job.result as { count: number; message: string } | null;
  return {
    id: job.id,
    state: job.state,
    done: job.progress.done,
    total: job.progress.total ?? payload.total,
    count: result?.count ?? null,
    message: result?.message ?? null,
    error: job.state === 'failed' ? (job.error ?? 'Bulk action failed') : null,
  };
}

async function jobActor(ctx: AppContext, userId: number | null): Promise<Actor> {
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw new Error(`The bulk action's user ${userId} no longer exists`);
  return { user, sessionId: '' };
}

/**
 * Runs a large bulk action a batch at a time. Each batch commits with the records it changed and
 * the job's checkpoint (the last id it read), so a resumed job starts right after the last
 * committed batch and never writes a record twice.
 */
async function runBulkJob(ctx: AppContext, job: JobContext): Promise<unknown> {
  const payload = job.job.payload as BulkPayload;
  const actor = await jobActor(ctx, job.job.actorId);
  const step: BulkStep = { list: payload.list, action: payload.action, options: payload.options };
  const source = payload.params ? await bulkKind(payload.list).source(ctx, actor, payload.params) : undefined;
  const state = (job.job.checkpoint as BulkCheckpoint | null) ?? { afterId: 0, done: 0, changed: 0 };
  for (;;) {
    job.signal.throwIfAborted();
    const ids = source
      ? await matchingIdsAfter(ctx.db, source, state.afterId, BULK_BATCH)
      : await changesAfter(ctx.db, payload.undoOf!, state.afterId, BULK_BATCH);
    if (ids.length === 0) break;
    const next: BulkCheckpoint = {
      afterId: ids[ids.length - 1]!,
      done: state.done + ids.length,
      changed: state.changed,
    };
    await writeBatch(ctx, actor, step, ids, async (db, changed, at) => {
      await insertBulkChanges(db, job.job.id, changed, at);
      next.changed += changed.length;
      await job.progress(
        { done: next.done, total: Math.max(payload.total, next.done), checkpoint: next },
        db,
      );
    });
    Object.assign(state, next);
  }
  return {
    count: state.changed,
    message: bulkKind(payload.list).message(payload.action, state.changed, payload.options),
  };
}

export function bulkJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return { [BULK_JOB]: (job) => runBulkJob(ctx, job) };
}

export const BULK_CHANGES_JOB = 'bulk-changes-cleanup';
export const BULK_CHANGES_EVERY_MS = 60 * 60_000;
const BULK_CHANGES_KEPT_MS = 24 * 60 * 60_000;

/** Forgets what bulk jobs changed once their undo is long gone. */
export async function forgetOldBulkChanges(ctx: AppContext): Promise<number> {
  return deleteChangesBefore(ctx.db, isoAfter(-BULK_CHANGES_KEPT_MS));
}
