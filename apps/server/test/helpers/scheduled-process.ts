/**
 * One server process's job runner with one schedule, as a process of its own: it opens the database
 * the environment names (DATA_DIR or DATABASE_URL), polls every JOBS_POLL_MS, runs KIND every
 * INTERVAL_MS and records each slot it runs in the table scheduled_runs. It stops on SIGTERM as a
 * server does. Several of these at once stand for several processes of a fleet.
 */
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { JobRunner } from '../../src/modules/jobs/job-runner.js';

const config = loadConfig();
const db = createDatabase(config);
const runner = new JobRunner(db, { pollMs: config.jobsPollMs, onError: (error) => console.error(error) });
runner.every(String(process.env.KIND), Number(process.env.INTERVAL_MS), async (_job, slot) => {
  const at = new Date(slot).toISOString();
  await sql`insert into scheduled_runs (slot) values (${at})`.execute(db);
});
runner.start();
// The runner's timer does not keep a process alive (a server's listener does): this one does.
const alive = setInterval(() => {}, 60_000);
process.once('SIGTERM', () => {
  clearInterval(alive);
  void runner
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
console.log('ready');
