import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function publishToChannel(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

export async function appendEvents(db: Db, payload: string, at: string): Promise<void> {
  await db.insertInto('event_log').values({ payload, created_at: at }).execute();
}

export async function lastEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('event_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function eventsAfter(db: Db, id: number) {
  return db
    .selectFrom('event_log')
    .select(['id', 'payload'])
    .where('id', '>', id)
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function deleteEventsBefore(db: Db, at: string): Promise<void> {
  await db.deleteFrom('event_log').where('created_at', '<', at).execute();
}
