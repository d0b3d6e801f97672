import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { myTasks } from '../tasks/tasks.service.js';
import { digestRecipients, markDigestSent } from './digest.repository.js';
import { digestMessage } from './digest-message.js';
import type { Mailer } from './mailer.js';

const USERS_PER_BATCH = 100;
/** More than this is "…and N more" with a link to My Tasks. */
const TASKS_PER_MAIL = 50;

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** The UTC day a moment falls in, as YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Sends `day`'s digest to each user with open tasks due by the end of that day, on active records.
 * Each user is marked as served right after their mail is accepted, so a run that fails midway is
 * retried for the rest only; a crash between the two is the one case that sends a mail twice.
 * Answers how many mails went out.
 */
export async function sendTaskDigests(deps: DigestDeps, day: string, signal?: AbortSignal): Promise<number> {
  const dayEnd = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  const now = nowIso();
  let afterId = 0;
  let sent = 0;
  for (;;) {
    const users = await digestRecipients(deps.db, day, afterId, USERS_PER_BATCH);
    for (const user of users) {
      signal?.throwIfAborted();
      afterId = user.id;
      // My Tasks' "overdue" group with the day's end for now: open, due before then, record active.
      const scope = { userId: user.id, includeInactiveRecords: false, now: dayEnd, dayEnd };
      const { tasks, total } = await myTasks(deps, scope, 'overdue', { limit: TASKS_PER_MAIL, offset: 0 });
      if (tasks.length === 0) continue;
      await deps.mailer.send(digestMessage(user, tasks, total, { day, now, appUrl: deps.appUrl }));
      await markDigestSent(deps.db, user.id, day, nowIso());
      sent += 1;
    }
    if (users.length < USERS_PER_BATCH) return sent;
  }
}
