// A server process of the write-turns test: it opens the SQLite file as the server does and, when
// told, either holds a write transaction open until it is killed or writes a number of rows, one
// transaction each, reporting to the main process; it answers a ping whenever its event loop turns.
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.js';

const db = createDatabase({ dataDir: process.env.DATA_DIR!, databaseUrl: undefined });

process.on('message', async (message: { do?: string; rows?: number }) => {
  // Answered at once unless the event loop is stopped (as SQLite's busy wait stops it).
  if (message.do === 'ping') process.send?.({ pong: true });
  if (message.do === 'hold') {
    await db.transaction().execute(async (trx) => {
      await sql`insert into turns_log (pid) values (${process.pid})`.execute(trx);
      process.send?.({ holding: true });
      await new Promise(() => {}); // until the test kills this process
    });
  }
  if (message.do === 'write') {
    for (let i = 0; i < (message.rows ?? 1); i++) {
      await db.transaction().execute(async (trx) => {
        await sql`insert into turns_log (pid) values (${process.pid})`.execute(trx);
      });
    }
    process.send?.({ wrote: message.rows });
  }
});
process.send?.({ ready: true });
