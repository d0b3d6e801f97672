import { sql } from 'kysely';
import type { Db } from './database.js';
import { engineOf } from './dialect.js';

/** One number for "preparing the database" among the advisory locks of this database. */
const STARTUP_LOCK = 7_302_219_411;

/**
 * Runs the start-up work (migrations, the token secret, the first admin) while holding a
 * database-wide lock, so that several instances starting at once on an empty PostgreSQL take turns
 * instead of racing to create the same first admin. The lock is a session-level advisory lock held
 * on one connection of its own; it is released even when the work fails, and by PostgreSQL itself
 * if the process dies. SQLite needs none: its writers already take turns, and bootstrapFirstAdmin
 * checks and inserts in one write transaction.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
