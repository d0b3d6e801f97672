import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Day totals, from `fromDay` (YYYY-MM-DD) on, of the leads the leads list shows (active ones) by the
 * day they were created: what the list filtered to a week counts. The list's created-at index
 * (type, state, time) holds them in order.
 */
export async function activeLeadsPerDay(db: Db, fromDay: string) {
  return db
    .selectFrom('contacts')
    .select([
      sql<string>`substr(created_at, 1, 10)`.as('day'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('type', '=', 'LEAD')
    .where('is_active', '=', 1)
    .where('created_at', '>=', fromDay)
    .groupBy(sql`substr(created_at, 1, 10)`)
    .execute();
}

/**
 * Day totals of conversions from `fromDay` on, of the customers the customers list shows (active):
 * read from the conversions' history entries, which the activity feed and the list's "converted
 * in" filter read too. The kept `converted` totals counted a conversion on the day its contact row
 * changed type, so conversions recorded otherwise (a data load, an import of history) never
 * reached the chart. The partial index of migration 0024 holds the conversion entries by time.
 */
export async function conversionsPerDay(db: Db, fromDay: string) {
  return (
    db
      .selectFrom('history')
      // CROSS JOIN keeps SQLite's order: the weeks' conversions from the partial index, then each
      // one's contact by id. Left to choose, it walked every active customer (200,000 of a
      // million) and looked for their conversions: 260 ms instead of 17. PostgreSQL reads a cross
      // join with its condition as an inner join and plans it freely.
      .crossJoin('contacts')
      .whereRef('contacts.id', '=', 'history.contact_id')
      .select([
        sql<string>`substr(history.created_at, 1, 10)`.as('day'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      // A literal, so that SQLite reads the partial index (a bound value could be anything).
      .where(sql.raw<SqlBool>("history.kind = 'conversion'"))
      .where('history.created_at', '>=', fromDay)
      .where('contacts.type', '=', 'CUSTOMER')
      .where('contacts.is_active', '=', 1)
      .groupBy(sql`substr(history.created_at, 1, 10)`)
      .execute()
  );
}

/** Contacts of `type` per source ('' for none), counting the active states given. */
export async function contactsBySource(db: Db, type: string, activeStates: number[]) {
  return db
    .selectFrom('contact_stats')
    .select(['value as source', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('dimension', '=', 'source')
    .where('type', '=', type)
    .where('is_active', 'in', activeStates)
    .groupBy('value')
    .execute();
}

/** `is_active` of the agency totals that count contacts in either state (migration 0015). */
const ANY_STATE = 2;

/**
 * The agencies referring the most contacts of `type`, most first (ties by id as text), with their
 * names: one read of the kept totals in rank order (`contact_stats_rank`), over both active states
 * (`allStates`, an admin's view) or the active contacts only.
 */
export async function topAgencies(db: Db, type: string, allStates: boolean, limit: number) {
  const top = await db
    .selectFrom('contact_stats')
    .select(['value', 'n'])
    .where('dimension', '=', 'agency')
    .where('type', '=', type)
    .where('is_active', '=', allStates ? ANY_STATE : 1)
    .where('n', '>', 0)
    .orderBy('n', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const ids = top.map((row) => Number(row.value));
  const names = await db.selectFrom('agencies').select(['id', 'name']).where('id', 'in', ids).execute();
  const nameOf = new Map(names.map((agency) => [agency.id, agency.name]));
  // An agency deleted meanwhile is left out.
  return top.flatMap((row) => {
    const name = nameOf.get(Number(row.value));
    return name === undefined ? [] : [{ id: Number(row.value), name, count: Number(row.n) }];
  });
}

/** Contacts of each type over the active states given (the trigger-kept totals of migration 0005). */
export async function contactsByType(db: Db, activeStates: number[]) {
  return db
    .selectFrom('contact_counts')
    .select(['type', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('is_active', 'in', activeStates)
    .groupBy('type')
    .execute();
}

/**
 * What the charts were computed from, in two index reads: the newest history entry (every
 * creation, edit, conversion and (de)activation of a contact or an agency writes one) and the
 * trigger-kept counts per type and state (which a deletion changes too).
 */
export async function chartInputsStamp(db: Db): Promise<string> {
  const [latest, counts] = await Promise.all([
    db
      .selectFrom('history')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db
      .selectFrom('contact_counts')
      .select(['type', 'is_active', 'n'])
      .orderBy('type')
      .orderBy('is_active')
      .execute(),
  ]);
  return JSON.stringify([latest?.id ?? 0, counts]);
}
