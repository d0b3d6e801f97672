import { sql } from 'kysely';
import type { Db } from './database.js';
import { engineOf } from './dialect.js';

/** What a person's lock guards: each count-then-insert of a per-person limit has its own. */
export const PERSON_LOCKS = { exports: 7_302_001, jobs: 7_302_002 } as const;

/**
 * Inside a transaction, makes the other transactions that count `purpose` for this person wait
 * until it commits, so that a count and the insert it allows are never interleaved with another
 * request's (two requests would both see one free place and both take it). PostgreSQL: a
 * transaction-level advisory lock on (purpose, person), on every instance alike. SQLite: nothing to
 * do, since every transaction takes the database's single write lock at its begin.
 */
export async function lockPerson(trx: Db, purpose: number, userId: number): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${purpose}::int4, ${userId}::int4)`.execute(trx);
}
