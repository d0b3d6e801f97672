import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import { withoutFileMap } from '../../db/database.js';
import type { ImportRowsTable } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { nowIso } from '../../lib/time.js';
import type { JobContext, JobHandler } from '../jobs/job-runner.js';
import { importFinished, notify } from '../notifications/notifications.service.js';
import { inWrite } from '../records/write-scope.js';
import { findUserById } from '../users/user-reads.js';
import type { Mapping } from './import-fields.js';
import { type ImportFormat, type ImportSource, readRows, scratchDirOf } from './import-files.js';
import { importKind } from './import-kinds.js';
import { type ImportOptions, ImportPlanner, type RowPlan } from './import-planner.js';
import { previewSummary } from './import-summary.js';
import { undoRow, writePlanned } from './import-writes.js';
import {
  addImportCounts,
  deleteImportRows,
  findImport,
  type ImportRecord,
  insertImportRows,
  listImportRows,
  updateImport,
} from './imports.repository.js';

export const IMPORT_PREVIEW_JOB = 'import-preview';
export const IMPORT_RUN_JOB = 'import-run';
export const IMPORT_UNDO_JOB = 'import-undo';

/**
 * Rows per transaction. Small enough that a batch holds SQLite's single writer (and, in the
 * process running the job, its one connection) for tens of milliseconds, so the lists stay quick
 * while an import runs; large enough to amortise a commit.
 */
export const IMPORT_BATCH_ROWS = 100;
/** A batch also ends at this many characters: rows may be long (up to MAX_ROW_CHARS each). */
const IMPORT_BATCH_CHARS = 4_000_000;

/** An import's file, from the start, wherever the file store keeps it. */
export function openStored(ctx: AppContext, key: string): ImportSource {
  return {
    open: async () => {
      const stored = await ctx.files.get(key);
      if (!stored) throw new Error(`The import's file ${key} is missing from the file store`);
      return stored.body;
    },
    scratchDir: scratchDirOf(ctx.config.dataDir),
  };
}

async function actorOf(ctx: AppContext, userId: number): Promise<Actor> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`The import's user ${userId} no longer exists`);
  return { user, sessionId: '' };
}

function plannerFor(ctx: AppContext, record: ImportRecord, importer: Actor): ImportPlanner {
  const mapping = JSON.parse(record.mapping ?? '[]') as Mapping;
  const options = JSON.parse(record.options ?? '{}') as Omit<ImportOptions, 'type' | 'country'>;
  return new ImportPlanner(
    ctx.db,
    importKind(record.entity),
    mapping,
    { ...options, type: record.contact_type, country: record.country ?? ctx.config.defaultCountry },
    importer,
  );
}

interface ImportCheckpoint {
  nextRow: number;
  done: number;
  errors: number;
}

function rowRecord(importId: number, phase: string, plan: RowPlan) {
  return {
    import_id: importId,
    phase,
    row_number: plan.rowNumber,
    action: plan.action,
    record_id: plan.recordId ?? null,
    label: plan.label.slice(0, 300) || null,
    errors: plan.errors.length
      ? JSON.stringify(plan.errors)
      : plan.reason
        ? JSON.stringify([{ field: null, message: plan.reason }])
        : null,
    duplicates: plan.duplicates.length ? JSON.stringify(plan.duplicates) : null,
    changes: plan.changes ? JSON.stringify(plan.changes) : null,
    warnings: plan.warnings.length ? JSON.stringify(plan.warnings) : null,
    readings: plan.readings && Object.keys(plan.readings).length ? JSON.stringify(plan.readings) : null,
  };
}

/**
 * The preview and the run are one pass over the file: the same plan for every row, then either
 * only its outcome is kept (preview) or the records are written too (run). Each batch commits with
 * its outcomes, its counts and the job's checkpoint, so a resumed job starts at the first row that
 * was not committed and never writes a row twice.
 */
async function processImport(ctx: AppContext, job: JobContext, dryRun: boolean): Promise<unknown> {
  const { importId } = job.job.payload as { importId: number };
  const record = await findImport(ctx.db, importId);
  if (!record) return { missing: true };
  const phase = dryRun ? 'preview' : 'run';
  const actor = await actorOf(ctx, record.actor_id);
  const planner = plannerFor(ctx, record, actor);
  const checkpoint = (job.job.checkpoint as ImportCheckpoint | null) ?? { nextRow: 2, done: 0, errors: 0 };
  if (checkpoint.nextRow === 2 && dryRun) await deleteImportRows(ctx.db, importId, phase);
  const total = record.total_rows ?? null;
  let { done, errors } = checkpoint;
  let batch: { rowNumber: number; values: string[] }[] = [];
  let batchChars = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const plans = await planner.plan(batch);
    const nextRow = (batch[batch.length - 1]?.rowNumber ?? 0) + 1;
    // The batch's records (creates and updates, with their history), its row outcomes, its counts
    // and the checkpoint commit together or not at all; the records' live events leave after.
    const progress = await inWrite(ctx, actor, async (w) => {
      if (!dryRun) await writePlanned(w, planner, plans);
      const counts = { created: 0, updated: 0, skipped: 0, errors: 0 };
      for (const plan of plans) {
        if (plan.action === 'create') counts.created++;
        else if (plan.action === 'update') counts.updated++;
        else if (plan.action === 'skip') counts.skipped++;
        else counts.errors++;
      }
      await insertImportRows(
        w.db,
        plans.map((plan) => rowRecord(importId, phase, plan)),
      );
      if (!dryRun) await addImportCounts(w.db, importId, counts, w.at);
      const reached = { done: done + plans.length, errors: errors + counts.errors };
      await job.progress({ ...reached, total, checkpoint: { nextRow, ...reached } }, w.db);
      return reached;
    });
    ({ done, errors } = progress);
    batch = [];
    batchChars = 0;
  };

  for await (const row of readRows(openStored(ctx, record.file_key), record.format as ImportFormat)) {
    if (row.rowNumber === 1) continue;
    if (row.rowNumber < checkpoint.nextRow) {
      planner.remember(row);
      continue;
    }
    job.signal.throwIfAborted();
    batch.push(row);
    for (const value of row.values) batchChars += value.length;
    if (batch.length >= IMPORT_BATCH_ROWS || batchChars >= IMPORT_BATCH_CHARS) await flush();
  }
  await flush();
  const at = nowIso();
  if (dryRun) {
    await updateImport(ctx.db, importId, {
      state: 'previewed',
      preview_summary: JSON.stringify(await previewSummary(ctx.db, importId)),
      updated_at: at,
    });
    return { rows: done, errors };
  }
  await inWrite(ctx, actor, async (w) => {
    await updateImport(w.db, importId, { state: 'done', finished_at: at, updated_at: at });
    w.publish(
      ...(await notify(w.db, importFinished(record.actor_id, importId, record.filename, done, errors), at)),
    );
  });
  return { rows: done, errors };
}

interface UndoCheckpoint {
  afterRow: number;
  done: number;
  deactivated: number;
  restored: number;
  kept: number;
}

/** Undoes a run row by row (each through the contacts service), a batch of outcomes per commit. */
async function undoImport(ctx: AppContext, job: JobContext): Promise<unknown> {
  const { importId, userId } = job.job.payload as { importId: number; userId: number };
  const record = await findImport(ctx.db, importId);
  if (!record) return { missing: true };
  const actor = await actorOf(ctx, userId);
  const planner = plannerFor(ctx, record, actor);
  const state = (job.job.checkpoint as UndoCheckpoint | null) ?? {
    afterRow: 0,
    done: 0,
    deactivated: 0,
    restored: 0,
    kept: 0,
  };
  const total = record.created_count + record.updated_count;
  for (;;) {
    job.signal.throwIfAborted();
    const rows = await listImportRows(ctx.db, importId, 'run', {
      actions: ['create', 'update'],
      afterRow: state.afterRow,
      limit: 100,
      offset: 0,
    });
    if (rows.length === 0) break;
    // The batch's undone records, their outcomes and the checkpoint commit together; the records'
    // live events leave after.
    const next = await inWrite(ctx, actor, async (w) => {
      const reached = { ...state };
      const outcomes: Insertable<ImportRowsTable>[] = [];
      for (const row of rows) {
        const outcome = await undoRow(w, planner, row);
        reached[
          outcome.action === 'deactivate' ? 'deactivated' : outcome.kept.length > 0 ? 'kept' : 'restored'
        ]++;
        outcomes.push({
          import_id: importId,
          phase: 'undo',
          row_number: row.row_number,
          action: outcome.action,
          record_id: row.record_id,
          label: row.label,
          errors: null,
          duplicates: null,
          changes: JSON.stringify({ restored: outcome.restored, kept: outcome.kept }),
        });
      }
      reached.afterRow = rows[rows.length - 1]?.row_number ?? reached.afterRow;
      reached.done += rows.length;
      await insertImportRows(w.db, outcomes);
      await job.progress({ done: reached.done, total, errors: reached.kept, checkpoint: reached }, w.db);
      return reached;
    });
    Object.assign(state, next);
  }
  const at = nowIso();
  const result = { deactivated: state.deactivated, restored: state.restored, kept: state.kept };
  await updateImport(ctx.db, importId, {
    state: 'undone',
    undone_at: at,
    updated_at: at,
    undo_result: JSON.stringify(result),
  });
  return result;
}

export function importJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [IMPORT_PREVIEW_JOB]: (job) => withoutFileMap(ctx.db, () => processImport(ctx, job, true)),
    [IMPORT_RUN_JOB]: (job) => withoutFileMap(ctx.db, () => processImport(ctx, job, false)),
    [IMPORT_UNDO_JOB]: (job) => undoImport(ctx, job),
  };
}
