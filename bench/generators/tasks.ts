import type { Insertable } from 'kysely';
import type { NotificationsTable, TasksTable } from '../../apps/server/src/db/schema.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { SeedContext, SeedResult } from './context.js';
import { batchFor, DAY_MS, iso, loadActiveUsers } from './population.js';

/** Tables the tasks step fills, children first; --reset empties them. */
export const TASK_TABLES: readonly TableName[] = ['notifications', 'tasks'];

/**
 * Tasks go to the first accounts (the admin first): a sales team of this size shares the follow-ups,
 * so the signed-in admin of the benchmark has TASKS / TEAM of them (20,000 at 2,000,000 tasks).
 */
const TEAM = 100;
/** One notification for every two tasks, one in ten of them unread. */
const NOTIFICATIONS_PER_TASK = 0.5;

const PRIORITIES = ['low', 'normal', 'high'] as const;
const TITLES = [
  'Call back about the budget',
  'Send the dormitory prices',
  'Check the passport copy',
  'Arrange a viewing',
  'Follow up on the offer',
  'Confirm the meeting time',
  'Ask for the signed contract',
  'Send the payment plan',
] as const;
const NOTIFICATION_KINDS = ['task_assigned', 'task_due', 'mention', 'contact_assigned'] as const;

/**
 * Tasks and notifications for My Tasks and the bell. Unlike the other data sets, due times are spread
 * around the moment of seeding (30 days before to 60 after), not before --until: My Tasks groups them
 * by today, so tasks dated in the past would all be overdue. One in ten has no due time, one in five
 * is done; half belong to a contact, one in ten to a partner, the rest to no record. Tasks already
 * due count as notified, so that a server started on the data does not send a backlog of reminders.
 */
export async function seedTasks(ctx: SeedContext, count: number): Promise<SeedResult> {
  const started = performance.now();
  const rng = ctx.rng.fork('tasks');
  const team = (await loadActiveUsers(ctx.db))
    .sort((a, b) => a.id - b.id)
    .slice(0, TEAM)
    .map((user) => user.id);
  const contactIds = await idRange(ctx, 'contacts');
  const agencyIds = await idRange(ctx, 'agencies');
  const now = Date.now();
  const nowIso = iso(now);

  function* tasks(): Generator<Insertable<TasksTable>> {
    for (let i = 0; i < count; i++) {
      const assignee = team[i % team.length]!;
      const due = rng.next() < 0.1 ? null : now + Math.round((rng.next() * 90 - 30) * DAY_MS);
      const done = rng.next() < 0.2;
      const record = rng.next();
      yield {
        title: TITLES[i % TITLES.length]!,
        description: '',
        due_at: due === null ? null : iso(due),
        priority: PRIORITIES[i % PRIORITIES.length]!,
        state: done ? 'done' : 'open',
        assignee_id: assignee,
        creator_id: team[(i * 7) % team.length]!,
        contact_id: record < 0.5 && contactIds ? pick(contactIds, rng.next()) : null,
        agency_id: record >= 0.5 && record < 0.6 && agencyIds ? pick(agencyIds, rng.next()) : null,
        due_notified_at: due !== null && due <= now ? nowIso : null,
        completed_at: done ? nowIso : null,
        created_at: nowIso,
        updated_at: nowIso,
      };
    }
  }
  const rows = await insertInBatches(
    ctx.db,
    tasks(),
    (trx, batch) => trx.insertInto('tasks').values(batch).execute(),
    batchFor(13, ctx.batch),
  );
  // What the triggers would have kept: a task of a deactivated record is hidden from My Tasks.
  for (const [table, column] of [
    ['contacts', 'contact_id'],
    ['agencies', 'agency_id'],
  ] as const) {
    await ctx.db
      .updateTable('tasks')
      .set({ record_active: 0 })
      .where(column, 'in', (eb) => eb.selectFrom(table).select('id').where('is_active', '=', 0))
      .execute();
  }
  const tasksMs = performance.now() - started;

  const notificationsStarted = performance.now();
  const notificationCount = Math.round(count * NOTIFICATIONS_PER_TASK);
  function* notifications(): Generator<Insertable<NotificationsTable>> {
    for (let i = 0; i < notificationCount; i++) {
      yield {
        user_id: team[i % team.length]!,
        kind: NOTIFICATION_KINDS[i % NOTIFICATION_KINDS.length]!,
        actor_id: team[(i * 3 + 1) % team.length]!,
        task_id: null,
        contact_id: null,
        agency_id: null,
        import_id: null,
        text: TITLES[(i * 3) % TITLES.length]!,
        read_at: rng.next() < 0.1 ? null : nowIso,
        created_at: iso(now - (notificationCount - i) * 1000),
      };
    }
  }
  const notificationRows = await insertInBatches(
    ctx.db,
    notifications(),
    (trx, batch) => trx.insertInto('notifications').values(batch).execute(),
    batchFor(10, ctx.batch),
  );
  return {
    table: 'tasks',
    rows,
    ms: tasksMs,
    also: [{ table: 'notifications', rows: notificationRows, ms: performance.now() - notificationsStarted }],
  };
}

/** The table's lowest and highest id, or undefined when it is empty (ids are dense after seeding). */
async function idRange(ctx: SeedContext, table: 'contacts' | 'agencies') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .executeTakeFirst();
  if (row?.low == null || row.high == null) return undefined;
  return { low: Number(row.low), high: Number(row.high) };
}

function pick(range: { low: number; high: number }, unit: number): number {
  return range.low + Math.floor(unit * (range.high - range.low + 1));
}
