/**
 * One server process's job runner for due reminders, as a process of its own: it opens the database
 * the environment names (DATA_DIR or DATABASE_URL), runs the due jobs ROUNDS times and prints how
 * many tasks it notified of. Two of these at once stand for two server instances.
 */
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { createEventBus } from '../../src/modules/events/create-event-bus.js';
import { JobRunner } from '../../src/modules/jobs/job-runner.js';
import { DUE_JOB, sendDueReminders } from '../../src/modules/tasks/due-reminders.js';

const config = loadConfig();
const db = createDatabase(config);
const events = createEventBus(config, db, (error) => console.error(error));
const jobs = new JobRunner(db, { pollMs: 0, onError: (error) => console.error(error) });
let notified = 0;
jobs.register(DUE_JOB, async () => {
  const count = await sendDueReminders({ db, events });
  notified += count;
  return { notified: count };
});
for (let round = 0; round < Number(process.env.ROUNDS ?? '5'); round++) await jobs.runDue();
await events.close();
await db.destroy();
console.log(JSON.stringify({ notified }));
