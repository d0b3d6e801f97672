import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { nowIso } from '../../lib/time.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { notify } from '../notifications/notifications.service.js';
import { claimDueTasks } from './tasks.repository.js';
import { taskEvent } from './tasks.service.js';

const BATCH = 200;

/**
 * Tells each assignee that their task is due, once: the tasks are claimed and their notifications
 * written in one transaction, so a crash leaves them unclaimed and two instances never both claim
 * one. Answers how many tasks it claimed.
 */
export async function sendDueReminders(ctx: Pick<AppContext, 'db' | 'events'>): Promise<number> {
  const postgres = engineOf(ctx.db) === 'postgres';
  let total = 0;
  for (;;) {
    const now = nowIso();
    const events: AudiencedEvent[] = [];
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await claimDueTasks(trx, now, BATCH, postgres);
      for (const row of rows) {
        events.push(
          ...(await notify(
            trx,
            {
              kind: 'task_due',
              actorId: null,
              recipients: [row.assignee_id],
              text: row.title,
              taskId: row.id,
              contactId: row.contact_id,
              agencyId: row.agency_id,
            },
            now,
          )),
        );
      }
      return rows;
    });
    ctx.events.publish(
      ...events,
      ...claimed.map((row) => taskEvent({ ...row, creator_id: row.assignee_id })),
    );
    total += claimed.length;
    if (claimed.length < BATCH) return total;
  }
}

export const DUE_JOB = 'task-due';

/** The due-reminder pass is a job of the shared queue: whichever process claims it runs it, once. */
export function registerDueReminders(ctx: Pick<AppContext, 'db' | 'events' | 'jobs'>): void {
  ctx.jobs.register(DUE_JOB, async () => ({ notified: await sendDueReminders(ctx) }));
}

/**
 * Queues the pass for the moment a task falls due, inside the transaction that set its due time.
 * Tasks due at the same moment share one job; the pass notifies every task due by then.
 */
export async function queueDueReminder(db: Db, dueAt: string): Promise<void> {
  await enqueueJob(db, { kind: DUE_JOB, runAt: dueAt, uniqueKey: `${DUE_JOB}@${dueAt}` });
}

/**
 * A sweep, now and then, for what a queued pass could not do (a job that failed for good, tasks
 * written by other means): each process asks the queue for one, the unique key lets only one wait
 * at a time, and the queue runs it in one process. The timer holds no state; the rows do.
 */
export function startDueSweeps(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  everyMs: number,
  onError: (error: unknown) => void,
) {
  const timer = setInterval(() => {
    enqueueJob(ctx.db, { kind: DUE_JOB, uniqueKey: `${DUE_JOB}-sweep` })
      .then((id) => {
        if (id !== undefined) ctx.jobs.wake();
      })
      .catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
