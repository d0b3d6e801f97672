import type { TaskGroup } from '@crm/domain';
import type { Db } from '../apps/server/src/db/database.js';
import type { Authenticated } from '../apps/server/src/modules/auth/auth.service.js';
import {
  countNotifications,
  listNotifications,
} from '../apps/server/src/modules/notifications/notifications.repository.js';
import { countMyTasks, listMyTasks } from '../apps/server/src/modules/tasks/tasks.repository.js';
import { myTasksScope } from '../apps/server/src/modules/tasks/tasks.service.js';
import { findUserByEmail } from '../apps/server/src/modules/users/users.repository.js';
import { SEED_ADMIN_EMAIL } from './generators/users.js';
import type { Scenario } from './scenario-types.js';

/**
 * My Tasks and the bell as the signed-in admin sees them (the tasks step gives the admin one task in
 * a hundred: 20,000 at 2,000,000 tasks), with the issue's target: p99 ≤ 25 ms on SQLite at
 * 1,000,000 contacts and 2,000,000 tasks. The day starts at the hour of the run (below).
 */
const MY_TASKS_MS = 25;

// The caller's day starts at the current hour (a time zone where it is midnight now), so that
// 'today' holds the next 24 hours whatever the hour of the run; a UTC day would leave it nearly
// empty late in the evening.
const dayStart = new Date(new Date().setUTCMinutes(0, 0, 0)).toISOString();
const DAY = `dayStart=${encodeURIComponent(dayStart)}`;

/** The signed-in admin, as the routes see the caller, looked up once per database. */
const admins = new WeakMap<Db, Promise<Authenticated>>();
function admin(db: Db): Promise<Authenticated> {
  let actor = admins.get(db);
  if (!actor) {
    actor = findUserByEmail(db, SEED_ADMIN_EMAIL).then((user) => {
      if (!user) throw new Error(`No user ${SEED_ADMIN_EMAIL} in the seeded data`);
      return { user, sessionId: '' };
    });
    admins.set(db, actor);
  }
  return actor;
}

/** The scope the route builds for the admin (the same function), for the same day. */
const adminScope = async (db: Db) => myTasksScope(await admin(db), dayStart);

/** What GET /api/tasks does: a page of the group and its count. */
function myTasksDirect(group: TaskGroup, offset: number) {
  return (db: Db) => async () => {
    const scope = await adminScope(db);
    return Promise.all([
      listMyTasks(db, group, scope, { limit: 50, offset }),
      countMyTasks(db, group, scope),
    ]);
  };
}

export const TASK_SCENARIOS: readonly Scenario[] = [
  ...(
    [
      ['overdue', 0],
      ['today', 0],
      ['upcoming', 0],
      ['upcoming', 500],
      ['nodate', 0],
      ['done', 0],
    ] as const
  ).map(
    ([group, offset]): Scenario => ({
      name: `tasks: My Tasks ${group}${offset ? ` at offset ${offset.toLocaleString('en')}` : ''} (50)`,
      path: `/api/tasks?group=${group}&${DAY}&limit=50${offset ? `&offset=${offset}` : ''}`,
      target: { sqlite: MY_TASKS_MS },
      // A small data set (a few hundred tasks of the admin's) may have no page at the offset.
      mayBeEmpty: offset > 0,
      direct: myTasksDirect(group, offset),
    }),
  ),
  {
    name: 'tasks: summary (sidebar badge, dashboard)',
    path: `/api/tasks/summary?${DAY}`,
    target: { sqlite: MY_TASKS_MS },
    direct: (db) => async () => {
      const scope = await adminScope(db);
      return Promise.all(
        (['overdue', 'today', 'upcoming', 'nodate'] as const).map((group) => countMyTasks(db, group, scope)),
      );
    },
  },
  {
    name: 'notifications: unread count (the bell)',
    path: '/api/notifications/unread-count',
    target: { sqlite: MY_TASKS_MS },
    // Read as a plain user would be: the query that leaves out what they may no longer read.
    direct: (db) => async () =>
      countNotifications(db, { userId: (await admin(db)).user.id, admin: false }, true),
  },
  {
    name: 'notifications: latest 20',
    path: '/api/notifications?limit=20',
    target: { sqlite: MY_TASKS_MS },
    direct: (db) => async () => {
      const reader = { userId: (await admin(db)).user.id, admin: false };
      return Promise.all([
        listNotifications(db, reader, { unreadOnly: false, limit: 20, offset: 0 }),
        countNotifications(db, reader, false),
      ]);
    },
  },
];
