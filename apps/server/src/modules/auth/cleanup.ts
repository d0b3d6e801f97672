import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { deleteAttemptsBefore } from './login-failures.repository.js';
import { deleteExpiredChallenges } from './second-factors.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';
import { deleteExpiredSsoRows } from './sso.repository.js';

export const CLEANUP_JOB = 'session-cleanup';
/** Expired sessions are refused when used whatever their age: removing them is housekeeping. */
export const CLEANUP_EVERY_MS = 15 * 60_000;

/** Deletes expired sessions and sign-in challenges, and login attempts older than the throttling window. */
export async function deleteExpired(db: Db, config: Config): Promise<void> {
  await deleteExpiredSessions(db, nowIso());
  await deleteExpiredChallenges(db, nowIso());
  await deleteExpiredSsoRows(db, nowIso());
  await deleteAttemptsBefore(db, isoAfter(-config.loginThrottle.windowMinutes * 60_000));
}
