import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { HttpError } from '../../lib/http-errors.js';
import { inWrite } from '../records/write-scope.js';
import { type BulkAction, type BulkList, type BulkOptions, bulkKind } from './bulk-lists.js';

/**
 * Records per transaction: a batch holds SQLite's single writer for tens of milliseconds, so the
 * lists stay quick while a large bulk job runs, and a failure undoes one batch, never half of one.
 */
export const BULK_BATCH = 100;

export interface BulkStep {
  list: BulkList;
  action: BulkAction;
  options: BulkOptions;
}

/**
 * One batch, in one transaction, each record through its kind's write path (permission, lock,
 * version, history, live event). A record gone meanwhile (404) is passed over; any other refusal
 * undoes the batch. A job's batch records what it changed and its checkpoint in the same commit.
 */
export async function writeBatch(
  ctx: AppContext,
  actor: Actor,
  step: BulkStep,
  ids: number[],
  /** A job's own writes for the batch (what it changed, its checkpoint), in the batch's transaction. */
  alongside?: (db: Db, changed: number[], at: string) => Promise<void>,
): Promise<number[]> {
  const kind = bulkKind(step.list);
  return inWrite(ctx, actor, async (w) => {
    const changed: number[] = [];
    for (const id of ids) {
      try {
        if (await kind.write(w, id, step.action, step.options)) changed.push(id);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) continue;
        throw error;
      }
    }
    if (alongside) await alongside(w.db, changed, w.at);
    return changed;
  });
}

/** Ids a few batches at a time, each committed on its own. */
export async function writeInBatches(
  ctx: AppContext,
  actor: Actor,
  step: BulkStep,
  ids: number[],
): Promise<number[]> {
  const changed: number[] = [];
  for (let start = 0; start < ids.length; start += BULK_BATCH) {
    changed.push(...(await writeBatch(ctx, actor, step, ids.slice(start, start + BULK_BATCH))));
  }
  return changed;
}
