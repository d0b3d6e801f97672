import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { dayOf, sendTaskDigests } from './digest.service.js';
import { createMailer } from './mailer.js';

export const DIGEST_JOB = 'task-digest';

/** The next digest moment at or after `now`: today at the hour, or tomorrow once it has passed. */
export function nextDigest(now: number, hour: number): { day: string; runAt: string } {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`) + hour * 3_600_000;
  const at = now <= today ? today : today + 86_400_000;
  return { day: dayOf(at), runAt: new Date(at).toISOString() };
}

/**
 * Queues the next day's digest. Its unique key is the day, so the processes that all queue it hold
 * one job between them, and the queue runs it in one of them; a day's job queued while no process
 * ran is run by the first one back.
 */
export async function queueNextDigest(db: Db, hour: number, now = Date.now()): Promise<void> {
  const next = nextDigest(now, hour);
  await enqueueJob(db, {
    kind: DIGEST_JOB,
    payload: { day: next.day },
    runAt: next.runAt,
    uniqueKey: `${DIGEST_JOB}@${next.day}`,
  });
}

/**
 * Without SMTP settings there is no digest: no handler, no job, nothing sent. With them, this process
 * runs digest jobs, and once it is ready queues the next one then and every hour (a no-op while it is
 * already queued), so the chain of days survives a job that failed for good.
 */
export function registerTaskDigests(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>,
  onError: (error: unknown) => void,
): { start: () => void; stop: () => void } {
  const settings = ctx.config.digest;
  if (!settings) return { start: () => {}, stop: () => {} };
  const mailer = createMailer(settings.smtpUrl, settings.from);
  ctx.jobs.register(DIGEST_JOB, async (job) => {
    const { day } = job.job.payload as { day: string };
    const sent = await sendTaskDigests({ db: ctx.db, mailer, appUrl: settings.appUrl }, day, job.signal);
    await queueNextDigest(ctx.db, settings.hour);
    return { sent };
  });
  let timer: NodeJS.Timeout | undefined;
  const queue = () => void queueNextDigest(ctx.db, settings.hour).catch(onError);
  return {
    start: () => {
      queue();
      timer = setInterval(queue, 3_600_000);
      timer.unref();
    },
    stop: () => {
      clearInterval(timer);
      mailer.close();
    },
  };
}
