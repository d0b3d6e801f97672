import { loadConfig } from './src/config.js';
import { createDatabase } from './src/db/database.js';
import * as r from './src/modules/dashboard/dashboard-charts.repository.js';
const db = createDatabase(loadConfig({ DATA_DIR: '/work/bench-1m', LOG_LEVEL: 'silent' }));
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await f();
  const t = performance.now();
  for (let i = 0; i < 100; i++) await f();
  console.log(name, ((performance.now() - t) / 100).toFixed(2));
};
await time('created', () => r.eventsPerDay(db, 'created', 'LEAD', '2025-09-01'));
await time('converted', () => r.eventsPerDay(db, 'converted', 'CUSTOMER', '2025-09-01'));
await time('source', () => r.contactsBySource(db, 'LEAD', [0, 1]));
await time('top admin', () => r.topAgencies(db, 'CUSTOMER', [0, 1], 5));
await time('top user', () => r.topAgencies(db, 'CUSTOMER', [1], 5));
await time('types', () => r.contactsByType(db, [0, 1]));
await db.destroy();
