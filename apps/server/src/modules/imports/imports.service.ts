import type { Readable } from 'node:stream';
import { phoneCountry } from '@crm/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActorAudit } from '../audit/audit.service.js';
import { receiveUpload } from '../files/upload-reader.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { ensurePreviewRoom } from '../limits/preview-limit.js';
import type { ImportField } from '../records/import-adapter.js';
import { failedRowsCsv } from './import-failed-rows.js';
import { autoMapping, checkMapping, type Mapping } from './import-fields.js';
import {
  clipCell,
  fileMessages,
  formatOf,
  inspectFile,
  MAX_IMPORT_BYTES,
  SAMPLE_ROWS,
} from './import-files.js';
import { IMPORT_PREVIEW_JOB, IMPORT_RUN_JOB, IMPORT_UNDO_JOB, openStored } from './import-jobs.js';
import { IMPORT_ENTITIES, type ImportEntity, importKind } from './import-kinds.js';
import { matchKeyOf } from './import-match-key.js';
import type { ImportMode, MatchKey } from './import-planner.js';
import type { PreviewSummary } from './import-summary.js';
import {
  countImportRows,
  findImport,
  type ImportRecord,
  insertImport,
  listImportRows,
  listImports,
  updateImport,
} from './imports.repository.js';

export const importMessages = {
  notFound: 'Import not found',
  entityInvalid: 'Choose what to import: contacts, agencies or deals',
  typeInvalid: 'Choose the contacts’ type: LEAD or CUSTOMER',
  noFile: 'Choose a CSV or XLSX file to import',
  busy: 'This import is already running',
  notPreviewed: 'Preview the import with these settings before running it',
  hasErrors: (n: number) =>
    `${n} ${n === 1 ? 'row has' : 'rows have'} errors. Fix the file, or choose to skip rows with errors.`,
  notDone: 'Only a finished import can be undone',
  agencyUndoAdminOnly:
    'Only an administrator can undo a partner import: it deactivates the partners it created',
  alreadyRun: 'This import has already run; upload the file again to import it once more',
  countryInvalid: 'country must be a two-letter country code, such as TR',
  noOutcomes: 'Preview the import first: its rows have not been checked yet',
  fileRemoved: (days: number) =>
    `This import's file was deleted ${days} days after the import was last used; upload the file again to import it`,
} as const;

type Entity = ImportEntity;
const fieldsOf = (entity: string) => importKind(entity).fields as ImportField[];

export interface ImportSettings {
  mapping: Mapping;
  mode: ImportMode;
  /** The key asked for; unsaid, the kind's own (matchKeyOf). */
  key?: MatchKey;
  skipErrors: boolean;
  /** Whose numbers a phone without a calling code is; unsaid, the import's (at upload, the deployment's). */
  country?: string;
}

/** The options an import keeps: the key is the one its rows are matched on. */
interface StoredOptions {
  mode: ImportMode;
  key: MatchKey;
  skipErrors: boolean;
}

/** An import its own user or an admin may see and act on. */
async function visibleImport(ctx: AppContext, actor: Actor, id: number): Promise<ImportRecord> {
  const record = await findImport(ctx.db, id);
  if (!record || (record.actor_id !== actor.user.id && !isAdmin(actor)))
    throw notFound(importMessages.notFound);
  return record;
}

function secondsLeft(record: ImportRecord): number | null {
  const done = record.progress_done ?? 0;
  const total = record.progress_total;
  if (!record.job_started_at || !total || done === 0 || record.job_state !== 'running') return null;
  const elapsed = (Date.now() - Date.parse(record.job_started_at)) / 1000;
  return Math.max(0, Math.round((elapsed / done) * (total - done)));
}

const PHASES: Record<string, 'preview' | 'run' | 'undo'> = {
  [IMPORT_PREVIEW_JOB]: 'preview',
  [IMPORT_RUN_JOB]: 'run',
  [IMPORT_UNDO_JOB]: 'undo',
};

export function importView(record: ImportRecord) {
  const file = JSON.parse(record.headers) as { columns: string[]; samples: string[][] };
  const stored = record.options ? (JSON.parse(record.options) as StoredOptions) : null;
  // Read through matchKeyOf too: a deal import stored before the key was resolved kept 'email'.
  const options = stored && { ...stored, key: matchKeyOf(importKind(record.entity), stored.key) };
  const failed = record.job_state === 'failed';
  const previewed = ['previewed', 'running', 'done', 'undoing', 'undone'].includes(record.state);
  const preview =
    previewed && record.preview_summary ? (JSON.parse(record.preview_summary) as PreviewSummary) : null;
  return {
    id: record.id,
    entity: record.entity as Entity,
    type: record.contact_type as 'LEAD' | 'CUSTOMER' | null,
    filename: record.filename,
    format: record.format,
    size: record.size,
    state: failed ? 'failed' : record.state,
    error: failed ? record.job_error : null,
    user: { id: record.actor_id, name: record.actor_name },
    // Clipped again on the way out: imports stored before samples were clipped kept whole cells.
    columns: file.columns.map(clipCell),
    samples: file.samples.slice(0, SAMPLE_ROWS).map((row) => row.map(clipCell)),
    fields: fieldsOf(record.entity).map(({ key, label }) => ({ key, label })),
    mapping: JSON.parse(record.mapping ?? '[]') as Mapping,
    options,
    /** Null only for imports made before there was one: the deployment's (GET /api/config). */
    country: record.country,
    totalRows: record.total_rows ?? 0,
    counts: {
      created: record.created_count,
      updated: record.updated_count,
      skipped: record.skipped_count,
      errors: record.error_count,
    },
    preview,
    progress: record.job_kind
      ? {
          phase: PHASES[record.job_kind] ?? 'run',
          state: record.job_state ?? 'queued',
          done: record.progress_done ?? 0,
          total: record.progress_total ?? record.total_rows ?? 0,
          errors: record.progress_errors ?? 0,
          secondsLeft: secondsLeft(record),
        }
      : null,
    undo: record.undo_result
      ? (JSON.parse(record.undo_result) as { deactivated: number; restored: number; kept: number })
      : null,
    createdAt: record.created_at,
    finishedAt: record.finished_at,
    undoneAt: record.undone_at,
  };
}
export type ImportView = ReturnType<typeof importView>;

/**
 * Receives a file, refuses what cannot be imported (wrong type, empty, too large, unreadable) with
 * a message saying why, and maps its columns to fields by their names. Nothing is imported yet.
 */
export async function uploadImport(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
): Promise<ImportView> {
  const upload = await receiveUpload(request, ctx.files, {
    bytes: MAX_IMPORT_BYTES,
    message: fileMessages.tooLarge,
  });
  const file = upload.file;
  let committed = false;
  try {
    if (!file) throw badRequest(importMessages.noFile);
    const entity = upload.fields.entity;
    if (!entity || !IMPORT_ENTITIES.includes(entity as Entity))
      throw badRequest(importMessages.entityInvalid);
    const type = entity === 'contacts' ? upload.fields.type?.toUpperCase() : null;
    if (entity === 'contacts' && type !== 'LEAD' && type !== 'CUSTOMER')
      throw badRequest(importMessages.typeInvalid);
    const country =
      upload.fields.country === undefined ? ctx.config.defaultCountry : phoneCountry(upload.fields.country);
    if (!country) throw badRequest(importMessages.countryInvalid, { country: importMessages.countryInvalid });
    const format = formatOf(file.originalName);
    await ctx.files.commit(file.storedName);
    committed = true;
    const summary = await inspectFile(openStored(ctx, file.storedName), file.size, format);
    const at = nowIso();
    const id = await insertImport(ctx.db, {
      entity,
      contact_type: type ?? null,
      country,
      filename: file.originalName.slice(0, 255),
      file_key: file.storedName,
      format,
      size: file.size,
      // The list answers these with every import: a glimpse of each cell, not the cell.
      headers: JSON.stringify({ columns: summary.headers.map(clipCell), samples: summary.samples }),
      mapping: JSON.stringify(autoMapping(summary.headers, fieldsOf(entity))),
      state: 'uploaded',
      total_rows: summary.totalRows,
      actor_id: actor.user.id,
      created_at: at,
      updated_at: at,
    });
    return importView((await findImport(ctx.db, id))!);
  } catch (error) {
    if (file && committed) await ctx.files.delete(file.storedName);
    else if (file) await ctx.files.discard(file.storedName);
    throw error;
  }
}

function checkSettings(ctx: AppContext, record: ImportRecord, settings: ImportSettings): void {
  if (record.file_key === '') throw conflict(importMessages.fileRemoved(ctx.config.importFileDays));
  const columns = (JSON.parse(record.headers) as { columns: string[] }).columns;
  const problem = checkMapping(settings.mapping, columns, fieldsOf(record.entity));
  if (problem) throw badRequest(problem, { mapping: problem });
}

/** The options as the import keeps and reports them: with the key its rows are matched on. */
const storedOptions = (record: ImportRecord, settings: ImportSettings) =>
  JSON.stringify({
    mode: settings.mode,
    key: matchKeyOf(importKind(record.entity), settings.key),
    skipErrors: settings.skipErrors,
  });

const sameSettings = (record: ImportRecord, settings: ImportSettings) =>
  (settings.country === undefined || settings.country === record.country) &&
  record.mapping === JSON.stringify(settings.mapping) &&
  record.options === storedOptions(record, settings);

/** Queues the dry run: every row is checked and its outcome kept; nothing is written. */
export async function previewImport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  settings: ImportSettings,
): Promise<ImportView> {
  const record = await visibleImport(ctx, actor, id);
  if (!['uploaded', 'previewing', 'previewed'].includes(record.state) && record.job_state !== 'failed') {
    throw conflict(importMessages.alreadyRun);
  }
  if (record.state === 'previewing' && record.job_state !== 'failed' && record.job_state !== 'done') {
    throw conflict(importMessages.busy);
  }
  checkSettings(ctx, record, settings);
  const country = settings.country ?? record.country ?? ctx.config.defaultCountry;
  await startJob(ctx, actor, record, IMPORT_PREVIEW_JOB, 'previewing', { ...settings, country });
  return importView((await findImport(ctx.db, id))!);
}

/** Queues the run; it must follow a preview of the same settings, and stop at errors unless told. */
export async function runImport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  settings: ImportSettings,
): Promise<ImportView> {
  const record = await visibleImport(ctx, actor, id);
  if (['running', 'done', 'undoing', 'undone'].includes(record.state))
    throw conflict(importMessages.alreadyRun);
  checkSettings(ctx, record, settings);
  if (record.state !== 'previewed' || !sameSettings(record, settings))
    throw conflict(importMessages.notPreviewed);
  const errors = record.preview_summary ? (JSON.parse(record.preview_summary) as PreviewSummary).error : 0;
  if (errors > 0 && !settings.skipErrors) throw conflict(importMessages.hasErrors(errors));
  await startJob(ctx, actor, record, IMPORT_RUN_JOB, 'running', settings);
  return importView((await findImport(ctx.db, id))!);
}

export async function undoImport(ctx: AppContext, actor: Actor, id: number): Promise<ImportView> {
  const record = await visibleImport(ctx, actor, id);
  // Undo deactivates what the import created, and only admins deactivate partners.
  if (record.entity === 'agencies' && !isAdmin(actor)) throw forbidden(importMessages.agencyUndoAdminOnly);
  if (record.state !== 'done') throw conflict(importMessages.notDone);
  await ctx.db.transaction().execute(async (trx) => {
    const jobId = await enqueueJob(trx, {
      kind: IMPORT_UNDO_JOB,
      payload: { importId: id, userId: actor.user.id },
      actorId: actor.user.id,
    });
    await updateImport(trx, id, { state: 'undoing', job_id: jobId ?? null, updated_at: nowIso() });
    await recordActorAudit(trx, actor, 'import.undo', {
      targetType: 'import',
      targetId: id,
      detail: { entity: record.entity },
    });
  });
  ctx.jobs.wake();
  return importView((await findImport(ctx.db, id))!);
}

async function startJob(
  ctx: AppContext,
  actor: Actor,
  record: ImportRecord,
  kind: string,
  state: string,
  settings: ImportSettings,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // A person's previews queue and run a few at a time (429 beyond), so that one person's files
    // never fill the queue.
    if (kind === IMPORT_PREVIEW_JOB) await ensurePreviewRoom(trx, ctx.config, actor.user.id, kind);
    const jobId = await enqueueJob(trx, { kind, payload: { importId: record.id }, actorId: actor.user.id });
    await updateImport(trx, record.id, {
      state,
      job_id: jobId ?? null,
      mapping: JSON.stringify(settings.mapping),
      options: storedOptions(record, settings),
      ...(settings.country ? { country: settings.country } : {}),
      updated_at: nowIso(),
    });
    if (kind === IMPORT_RUN_JOB) await recordActorAudit(trx, actor, 'import', importAudit(record));
  });
  ctx.jobs.wake();
}

/** The run is recorded when it is requested, with its file and the preview's counts. */
function importAudit(record: ImportRecord) {
  const preview = record.preview_summary ? (JSON.parse(record.preview_summary) as PreviewSummary) : undefined;
  return {
    targetType: 'import',
    targetId: record.id,
    detail: { entity: record.entity, filename: record.filename, preview },
  };
}

export async function getImport(ctx: AppContext, actor: Actor, id: number): Promise<ImportView> {
  return importView(await visibleImport(ctx, actor, id));
}

/** The import history: everyone's for admins, one's own otherwise. */
export async function importHistory(ctx: AppContext, actor: Actor, limit: number, offset: number) {
  const { rows, total } = await listImports(
    ctx.db,
    limit,
    offset,
    isAdmin(actor) ? undefined : actor.user.id,
  );
  return { total, rows: rows.map(importView) };
}

export async function importRows(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: { phase: 'preview' | 'run' | 'undo'; action?: string; limit: number; offset: number },
) {
  await visibleImport(ctx, actor, id);
  const rows = await listImportRows(ctx.db, id, query.phase, {
    actions: query.action ? query.action.split(',') : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return rows.map((row) => ({
    row: row.row_number,
    action: row.action,
    recordId: row.record_id,
    label: row.label ?? '',
    errors: row.errors ? (JSON.parse(row.errors) as { field: string | null; message: string }[]) : [],
    duplicates: row.duplicates ? (JSON.parse(row.duplicates) as unknown[]) : [],
    warnings: row.warnings ? (JSON.parse(row.warnings) as { field: string | null; message: string }[]) : [],
    readings: row.readings ? (JSON.parse(row.readings) as Record<string, string>) : {},
    changes: row.changes ? (JSON.parse(row.changes) as Record<string, unknown>) : null,
  }));
}

/**
 * The rows an import left out (refused or skipped), as a CSV of the file's own columns plus why,
 * to fix and import again: the run's once it has run, else the preview's.
 */
export async function failedRows(
  ctx: AppContext,
  actor: Actor,
  id: number,
  log: FastifyBaseLogger,
): Promise<{ body: Readable; filename: string; total: number }> {
  const record = await visibleImport(ctx, actor, id);
  const phase = ['running', 'done', 'undoing', 'undone'].includes(record.state)
    ? 'run'
    : record.state === 'previewed'
      ? 'preview'
      : null;
  if (!phase) throw conflict(importMessages.noOutcomes);
  if (record.file_key === '') throw conflict(importMessages.fileRemoved(ctx.config.importFileDays));
  const counts = await countImportRows(ctx.db, id, phase);
  return {
    body: await failedRowsCsv(ctx, record, phase, log),
    filename: `${record.filename.replace(/\.(csv|xlsx)$/i, '')}-not-imported.csv`,
    total: (counts.error ?? 0) + (counts.skip ?? 0),
  };
}
