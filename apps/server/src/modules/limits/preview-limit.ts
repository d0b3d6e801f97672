import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { activeJobsOf } from '../jobs/jobs.service.js';
import { limitMessages } from './limit-messages.js';

/** What a refused preview is told to wait: a preview of some thousand rows takes seconds. */
export const PREVIEW_RETRY_SECONDS = 5;

/**
 * Inside the transaction that queues a preview: 429 when the person already has
 * IMPORT_PREVIEWS_PER_PERSON previews queued or running (`kind` is the preview job's kind). Counted
 * in the jobs table under the person's lock, so it holds across every process and instance.
 */
export async function ensurePreviewRoom(
  trx: Db,
  config: Config,
  actorId: number,
  kind: string,
): Promise<void> {
  const max = config.fairShare.previewsPerPerson;
  if ((await activeJobsOf(trx, actorId, [kind])) < max) return;
  throw tooManyRequests(limitMessages.previews(max), { 'retry-after': String(PREVIEW_RETRY_SECONDS) });
}
