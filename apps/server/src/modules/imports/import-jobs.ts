import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import { withoutFileMap } from '../../db/database.js';
import type { ImportRowsTable } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { nowIso } from '../../lib/time.js';
import type { JobContext, JobHandler } from '../jobs/job-runner.js';
import { importFinished, notify } from '../notifications/notifications.service.js';
import { findUserById } from '../users/users.repository.js';
import { AgencyImportPlanner } from './agency-import.js';
import {
  type ContactImportOptions,
  ContactImportPlanner,
  type ImportPlanner,
  type RowPlan,
} from './contact-import.js';
import type { Mapping } from './import-fields.js';
import { type ImportFormat, type OpenFile, readRows } from './import-files.js';
import { previewSummary } from './import-summary.js';
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

/** An import's file, from the start, wherever the file store keeps it. */
export function openStored(ctx: AppContext, key: string): OpenFile {
  return async () => {
    const stored = await ctx.files.get(key);
    if (!stored) throw new Error(`The import's file ${key} is missing from the file store`);
    return stored.body;
  };
}

async function actorOf(ctx: AppContext, userId: number): Promise<Actor> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`The import's user ${userId} no longer exists`);
  return { user, sessionId: '' };
}

function plannerFor(
  ctx: AppContext,
  record: ImportRecord,
  importer: { id: number; name: string },
): ImportPlanner {
  const mapping = JSON.parse(record.mapping ?? '[]') as Mapping;
  const options = JSON.parse(record.options ?? '{}') as Omit<ContactImportOptions, 'type'>;
  if (record.entity === 'agencies') return new AgencyImportPlanner(ctx.db, mapping, options, importer);
  const type = (record.contact_type ?? 'LEAD') as ContactImportOptions['type'];
  return new ContactImportPlanner(ctx.db, mapping, { ...options, type }, importer);
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
  const importer = { id: actor.user.id, name: actor.user.name };
  const planner = plannerFor(ctx, record, importer);
  const checkpoint = (job.job.checkpoint as ImportCheckpoint | null) ?? { nextRow: 2, done: 0, errors: 0 };
  if (checkpoint.nextRow === 2 && dryRun) await deleteImportRows(ctx.db, importId, phase);
  const total = record.total_rows ?? null;
  let { done, errors } = checkpoint;
  let batch: { rowNumber: number; values: string[] }[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const plans = await planner.plan(batch);
    const nextRow = (batch[batch.length - 1]?.rowNumber ?? 0) + 1;
    const at = nowIso();
    // The batch's records (creates and updates, with their history), its row outcomes, its counts
    // and the checkpoint commit together or not at all.
    const committed = await ctx.db.transaction().execute(async (trx) => {
      const written = dryRun ? [] : await planner.writeBatch(trx, actor, plans, at);
      const counts = { created: 0, updated: 0, skipped: 0, errors: 0 };
      for (const plan of plans) {
        if (plan.action === 'create') counts.created++;
        else if (plan.action === 'update') counts.updated++;
        else if (plan.action === 'skip') counts.skipped++;
        else counts.errors++;
      }
      await insertImportRows(
        trx,
        plans.map((plan) => rowRecord(importId, phase, plan)),
      );
      if (!dryRun) await addImportCounts(trx, importId, counts, at);
      const progress = { done: done + plans.length, errors: errors + counts.errors };
      await job.progress({ ...progress, total, checkpoint: { nextRow, ...progress } }, trx);
      return { written, progress };
    });
    ({ done, errors } = committed.progress);
    ctx.events.publish(...committed.written);
    batch = [];
  };

  for await (const row of readRows(openStored(ctx, record.file_key), record.format as ImportFormat)) {
    if (row.rowNumber === 1) continue;
    if (row.rowNumber < checkpoint.nextRow) {
      planner.remember(row);
      continue;
    }
    job.signal.throwIfAborted();
    batch.push(row);
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
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
  const events = await ctx.db.transaction().execute(async (trx) => {
    await updateImport(trx, importId, { state: 'done', finished_at: at, updated_at: at });
    return notify(trx, importFinished(record.actor_id, importId, record.filename, done, errors), at);
  });
  ctx.events.publish(...events);
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
  const planner = plannerFor(ctx, record, { id: actor.user.id, name: actor.user.name });
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
    const outcomes: Insertable<ImportRowsTable>[] = [];
    for (const row of rows) {
      const outcome = await planner.undoRow(ctx, actor, row);
      state[
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
    state.afterRow = rows[rows.length - 1]?.row_number ?? state.afterRow;
    state.done += rows.length;
    await ctx.db.transaction().execute(async (trx) => {
      await insertImportRows(trx, outcomes);
      await job.progress({ done: state.done, total, errors: state.kept, checkpoint: state }, trx);
    });
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

export function registerImportJobs(ctx: AppContext): void {
  for (const [kind, handler] of Object.entries(importJobHandlers(ctx))) ctx.jobs.register(kind, handler);
}
