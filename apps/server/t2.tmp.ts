import { loadConfig } from './src/config.js';
import { createDatabase } from './src/db/database.js';
import * as r from './src/modules/tasks/tasks.repository.js';
const db = createDatabase(loadConfig({ DATA_DIR: '/work/bench-1m', LOG_LEVEL: 'silent' }));
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await f();
  const t = performance.now();
  for (let i = 0; i < 200; i++) await f();
  console.log(name, ((performance.now() - t) / 200).toFixed(2));
};
const now = Date.now();
const scope = { userId: 1, includeInactiveRecords: true, now: new Date(now).toISOString(), dayEnd: new Date(now - (now % 86400000) + 86400000).toISOString() };
for (const g of ['overdue', 'today', 'upcoming', 'nodate', 'done'] as const) {
  console.log(g, await r.countMyTasks(db, g, scope));
  await time(`  count`, () => r.countMyTasks(db, g, scope));
  await time(`  page`, () => r.listMyTasks(db, g, scope, { limit: 50, offset: 0 }));
}
await db.destroy();
