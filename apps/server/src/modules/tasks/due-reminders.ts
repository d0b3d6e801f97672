import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { nowIso } from '../../lib/time.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { notify } from '../notifications/notifications.service.js';
import { taskAudience, taskEvent } from './task-events.js';
import { claimDueTasks } from './tasks.repository.js';

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
              audience: taskAudience({ ...row, creator_id: row.assignee_id }),
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
/**
 * The same pass, now and then (TASK_REMINDER_SECONDS), for what a queued pass could not do: a job
 * that failed for good, tasks written by other means.
 */
export const DUE_SWEEP_JOB = 'task-due-sweep';

/**
 * Queues the pass for the moment a task falls due, inside the transaction that set its due time.
 * Tasks due at the same moment share one job; the pass notifies every task due by then.
 */
export async function queueDueReminder(db: Db, dueAt: string): Promise<void> {
  await enqueueJob(db, { kind: DUE_JOB, runAt: dueAt, uniqueKey: `${DUE_JOB}@${dueAt}` });
}
