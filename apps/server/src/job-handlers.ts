import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { AUDIT_SWEEP_JOB, AUDIT_SWEEP_SCHEDULE, sweepAuditLog } from './modules/audit/audit.service.js';
import { CLEANUP_EVERY_MS, CLEANUP_JOB, deleteExpired } from './modules/auth/cleanup.js';
import {
  BULK_CHANGES_EVERY_MS,
  BULK_CHANGES_JOB,
  bulkJobHandlers,
  forgetOldBulkChanges,
} from './modules/bulk/bulk.service.js';
import { DIGEST_JOB, digestHandler, digestSchedule } from './modules/digest/digest-job.js';
import { createMailer } from './modules/digest/mailer.js';
import {
  deleteExpiredImportFiles,
  IMPORT_FILES_EVERY_MS,
  IMPORT_FILES_JOB,
} from './modules/imports/import-file-retention.js';
import { importJobHandlers } from './modules/imports/import-jobs.js';
import { STALE_TEMPORARY_MS, sweepStaleTemporaries, TEMPORARIES_JOB } from './modules/storage/index.js';
import { DUE_JOB, DUE_SWEEP_JOB, sendDueReminders } from './modules/tasks/due-reminders.js';
import { WEBHOOK_JOB } from './modules/webhooks/webhook-capture.js';
import { webhookDeliveryHandler } from './modules/webhooks/webhook-delivery.js';
import {
  pruneWebhookLog,
  WEBHOOK_PRUNE_EVERY_MS,
  WEBHOOK_PRUNE_JOB,
} from './modules/webhooks/webhook-retention.js';

/**
 * Every job this app runs, and every schedule, in one place: the modules export their handlers and
 * only this file hands them to the runner (see modules/jobs/jobs.service.ts). Called once by app.ts,
 * before the runner starts; answers what must close once the runner has stopped.
 */
export function registerJobHandlers(ctx: AppContext, log: FastifyBaseLogger): { close: () => void } {
  const { jobs, config } = ctx;
  for (const [kind, handler] of Object.entries(importJobHandlers(ctx))) jobs.register(kind, handler);
  for (const [kind, handler] of Object.entries(bulkJobHandlers(ctx))) jobs.register(kind, handler);
  const dueReminders = async () => ({ notified: await sendDueReminders(ctx) });
  jobs.register(DUE_JOB, dueReminders);
  jobs.register(WEBHOOK_JOB, webhookDeliveryHandler(ctx));

  jobs.every(CLEANUP_JOB, CLEANUP_EVERY_MS, async () => deleteExpired(ctx.db, config));
  jobs.every(TEMPORARIES_JOB, STALE_TEMPORARY_MS, async () => ({
    removed: await sweepStaleTemporaries(ctx.files, log),
  }));
  jobs.every(BULK_CHANGES_JOB, BULK_CHANGES_EVERY_MS, async () => ({
    forgotten: await forgetOldBulkChanges(ctx),
  }));
  jobs.every(WEBHOOK_PRUNE_JOB, WEBHOOK_PRUNE_EVERY_MS, async () => ({
    deleted: await pruneWebhookLog(ctx.db),
  }));
  jobs.every(IMPORT_FILES_JOB, IMPORT_FILES_EVERY_MS, async () => ({
    deleted: await deleteExpiredImportFiles(ctx),
  }));
  jobs.every(AUDIT_SWEEP_JOB, AUDIT_SWEEP_SCHEDULE, async () => ({ deleted: await sweepAuditLog(ctx) }));
  if (config.taskReminderSeconds > 0) {
    jobs.every(DUE_SWEEP_JOB, config.taskReminderSeconds * 1000, dueReminders);
  }
  // Without SMTP settings there is no digest: no handler, no schedule, nothing sent.
  if (!config.digest) return { close: () => {} };
  const { smtpUrl, from, appUrl, hour } = config.digest;
  const mailer = createMailer(smtpUrl, from);
  jobs.every(DIGEST_JOB, digestSchedule(hour), digestHandler({ db: ctx.db, mailer, appUrl }));
  return { close: () => mailer.close() };
}
