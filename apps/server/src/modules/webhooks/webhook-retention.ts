import type { Db } from '../../db/database.js';
import { isoAfter } from '../../lib/time.js';
import { deleteEventsBefore } from './webhooks.repository.js';

export const WEBHOOK_PRUNE_JOB = 'webhook.prune';
export const WEBHOOK_PRUNE_EVERY_MS = 6 * 60 * 60_000;
/** The delivery log keeps 30 days: long enough to look into a receiver's trouble and redeliver. */
export const WEBHOOK_LOG_DAYS = 30;

export async function pruneWebhookLog(db: Db, days = WEBHOOK_LOG_DAYS): Promise<number> {
  return deleteEventsBefore(db, isoAfter(-days * 24 * 60 * 60_000));
}
