/**
 * One server process's due-reminder pass, as a process of its own: it opens the database the
 * environment names (DATA_DIR or DATABASE_URL), runs the pass ROUNDS times and prints how many tasks
 * it claimed. Two of these at once stand for two server instances racing for the same tasks.
 */
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { createEventBus } from '../../src/modules/events/create-event-bus.js';
import { sendDueReminders } from '../../src/modules/tasks/due-reminders.js';

const config = loadConfig();
const db = createDatabase(config);
const events = createEventBus(config, db, (error) => console.error(error));
let claimed = 0;
for (let round = 0; round < Number(process.env.ROUNDS ?? '5'); round++) {
  claimed += await sendDueReminders({ db, events });
}
await events.close();
await db.destroy();
console.log(JSON.stringify({ claimed }));
