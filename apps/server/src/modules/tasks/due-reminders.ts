import type { AppContext } from '../../context.js';
import { engineOf } from '../../db/dialect.js';
import { nowIso } from '../../lib/time.js';
import type { LiveEvent } from '../events/event-types.js';
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
    const events: LiveEvent[] = [];
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

/**
 * Every server process looks for due tasks every few seconds. The state lives in the database (a
 * task's due_notified_at), not in the timer: the processes race for the same rows and each row is
 * claimed by exactly one of them, so more processes only mean more frequent looks.
 */
export function startDueReminders(
  ctx: Pick<AppContext, 'db' | 'events'>,
  everyMs: number,
  onError: (error: unknown) => void,
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueReminders(ctx)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
