/**
 * My Tasks and the notification count with many rows: TASKS tasks (default 2,000,000) and
 * NOTIFICATIONS notifications (default 1,000,000) spread over USERS users (default 100), written by
 * one SQL statement each on a fresh SQLite file, then each call timed RUNS times in this process
 * through the HTTP layer (inject) as the busiest user (TASKS / USERS tasks of their own).
 *
 *   npm run bench:tasks [-- --tasks 2000000 --notifications 1000000 --users 100 --runs 200]
 *
 * Exits 1 when a call's p99 exceeds 25 ms.
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { intOption, parseOptions } from './lib/args.js';
import { createScratchDatabase } from './lib/database.js';
import { percentile } from './lib/stats.js';

const TARGET_P99_MS = 25;
const DAY_MINUTES = 24 * 60;

async function main(): Promise<void> {
  const values = parseOptions(process.argv.slice(2), {
    tasks: { type: 'string' },
    notifications: { type: 'string' },
    users: { type: 'string' },
    runs: { type: 'string' },
  });
  const taskCount = intOption(values, 'tasks', 2_000_000, { min: 1 });
  const notificationCount = intOption(values, 'notifications', 1_000_000, { min: 1 });
  const users = intOption(values, 'users', 100, { min: 1, max: 10_000 });
  const runs = intOption(values, 'runs', 200, { min: 10 });

  const scratch = await createScratchDatabase(undefined);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratch.options.dataDir,
    TASK_REMINDER_SECONDS: '0',
    JOBS_POLL_MS: '0',
  });
  const db = createDatabase(config);
  await migrateToLatest(db);
  const hash = await hashPassword('bench-123');
  const now = new Date().toISOString();

  let started = Date.now();
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${users})
    INSERT INTO users (name, first_name, surname, phone, email, password_hash, role, is_active, created_at, updated_at)
    SELECT 'User ' || i, 'User', '' || i, '905321234567', 'tasks' || i || '@example.com', ${hash}, 'user', 1, ${now}, ${now} FROM n`.execute(
    db,
  );
  // Due times from 30 days ago to 60 days ahead, one in ten without; one in five done.
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${taskCount})
    INSERT INTO tasks (title, description, due_at, priority, state, assignee_id, creator_id, record_active, completed_at, created_at, updated_at)
    SELECT 'Task ' || i, '',
      CASE WHEN i % 10 = 0 THEN NULL
        ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('%+d minutes', (i * 7919) % (90 * ${DAY_MINUTES}) - 30 * ${DAY_MINUTES})) END,
      CASE i % 3 WHEN 0 THEN 'low' WHEN 1 THEN 'normal' ELSE 'high' END,
      CASE WHEN i % 5 = 0 THEN 'done' ELSE 'open' END,
      ((i / 10) % ${users}) + 1, ((i / 10) % ${users}) + 1, 1,
      CASE WHEN i % 5 = 0 THEN ${now} ELSE NULL END, ${now}, ${now}
    FROM n`.execute(db);
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${notificationCount})
    INSERT INTO notifications (user_id, kind, text, read_at, created_at)
    SELECT (i % ${users}) + 1, 'task_assigned', 'Task ' || i, CASE WHEN i % 10 = 0 THEN NULL ELSE ${now} END, ${now} FROM n`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  console.log(
    `Seeded ${taskCount} tasks and ${notificationCount} notifications in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config, db, serveWeb: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'tasks1@example.com', password: 'bench-123' },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const day = encodeURIComponent(midnight.toISOString());
  const calls = [
    `/api/tasks?group=overdue&dayStart=${day}&limit=50`,
    `/api/tasks?group=today&dayStart=${day}&limit=50`,
    `/api/tasks?group=upcoming&dayStart=${day}&limit=50`,
    `/api/tasks?group=upcoming&dayStart=${day}&limit=50&offset=5000`,
    `/api/tasks?group=nodate&dayStart=${day}&limit=50`,
    `/api/tasks?group=done&dayStart=${day}&limit=50`,
    `/api/tasks/summary?dayStart=${day}`,
    '/api/notifications/unread-count',
    '/api/notifications?limit=20',
  ];
  console.log(`\n| call (user with ${Math.round(taskCount / users)} tasks) | total | p50 ms | p99 ms |`);
  console.log('|---|---|---|---|');
  let missed = false;
  for (const url of calls) {
    const times: number[] = [];
    let total = '';
    for (let run = 0; run < runs + 10; run++) {
      started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      if (run >= 10) times.push(ms);
      total = res.headers['x-total-count']?.toString() ?? res.body.slice(0, 60);
    }
    const p99 = percentile(times, 99);
    if (p99 > TARGET_P99_MS) missed = true;
    console.log(
      `| ${url.replace(/dayStart=[^&]+&?/, '')} | ${total} | ${percentile(times, 50).toFixed(2)} | ${p99.toFixed(2)} |`,
    );
  }
  await app.close();
  await db.destroy();
  await scratch.dispose();
  if (missed) console.log(`MISSED: every call's p99 must be at most ${TARGET_P99_MS} ms.`);
  process.exit(missed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
