import type { ScheduledHandler } from '../jobs/job-runner.js';
import { type DigestDeps, dayOf, sendTaskDigests } from './digest.service.js';

export const DIGEST_JOB = 'task-digest';

/** The day's digest goes out at DIGEST_HOUR, UTC. */
export const digestSchedule = (hour: number) => ({ dailyAt: `${String(hour).padStart(2, '0')}:00` });

/**
 * Sends the digest of the day its slot falls on. A job queued by the version before the scheduler,
 * which queued each next day itself, names its day instead of a slot.
 */
export function digestHandler(deps: DigestDeps): ScheduledHandler {
  return async (job, slot) => {
    const { day } = job.job.payload as { day?: string };
    return { sent: await sendTaskDigests(deps, day ?? dayOf(slot), job.signal) };
  };
}
