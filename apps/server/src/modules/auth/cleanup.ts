import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { deleteAttemptsBefore } from './login-failures.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

const CLEANUP_EVERY_MS = 15 * 60_000;

/** Deletes expired sessions and login attempts older than the throttling window. */
export async function deleteExpired(db: Db, config: Config): Promise<void> {
  await deleteExpiredSessions(db, nowIso());
  await deleteAttemptsBefore(db, isoAfter(-config.loginThrottle.windowMinutes * 60_000));
}

/**
 * Every server process runs the cleanup now and then: the DELETEs are idempotent, so processes
 * running it at the same time do no harm. Answers a function that stops it.
 */
export function startCleanup(db: Db, config: Config, log: FastifyBaseLogger): () => void {
  const run = () => {
    deleteExpired(db, config).catch((error: unknown) =>
      log.warn({ err: error }, 'cleanup of expired sessions failed'),
    );
  };
  run();
  const timer = setInterval(run, CLEANUP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
