import type { Db } from '../../db/database.js';

/** Day totals of `created` (by creation type) or `converted` events from `fromDay` (YYYY-MM-DD) on. */
export async function eventsPerDay(
  db: Db,
  dimension: 'created' | 'converted',
  type: string,
  fromDay: string,
) {
  return db
    .selectFrom('contact_stats')
    .select(['value as day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('dimension', '=', dimension)
    .where('type', '=', type)
    .where('value', '>=', fromDay)
    .groupBy('value')
    .execute();
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

/**
 * How many of the largest totals each active state's list gives before the exact sums are checked
 * (a few times the chart's length, so that the check below nearly always settles it).
 */
const TOP_CANDIDATES_PER_LIMIT = 4;

/**
 * The agencies referring the most contacts of `type`, most first (ties by id as text), with their
 * names. Rather than sum every agency's totals, it reads each active state's largest totals from the
 * `contact_stats_rank` index, sums those candidates exactly, and keeps the answer when it is provably
 * the right one: an agency in no list has at most the sum of the lists' smallest totals read, so once
 * the last place's sum is above that bound nothing outside can beat or tie it (the threshold
 * algorithm). Otherwise, rarely, it sums them all.
 */
export async function topAgencies(db: Db, type: string, activeStates: number[], limit: number) {
  const perState = limit * TOP_CANDIDATES_PER_LIMIT;
  const lists = await Promise.all(
    activeStates.map((state) =>
      db
        .selectFrom('contact_stats')
        .select(['value', 'n'])
        .where('dimension', '=', 'agency')
        .where('type', '=', type)
        .where('is_active', '=', state)
        .where('n', '>', 0)
        .orderBy('n', 'desc')
        .limit(perState)
        .execute(),
    ),
  );
  // A list shorter than asked holds every agency with a total in its state: nothing unseen there.
  const bound = lists.reduce((sum, list) => sum + (list.length < perState ? 0 : Number(list.at(-1)!.n)), 0);
  const candidates = [...new Set(lists.flatMap((list) => list.map((row) => row.value)))];
  let top = candidates.length === 0 ? [] : await summedAgencies(db, type, activeStates, candidates, limit);
  const last = top.at(-1);
  const settled = bound === 0 || (top.length === limit && last !== undefined && Number(last.n) > bound);
  if (!settled) top = await summedAgencies(db, type, activeStates, undefined, limit);
  if (top.length === 0) return [];
  const ids = top.map((row) => Number(row.value));
  const names = await db.selectFrom('agencies').select(['id', 'name']).where('id', 'in', ids).execute();
  const nameOf = new Map(names.map((agency) => [agency.id, agency.name]));
  return top.flatMap((row) => {
    const name = nameOf.get(Number(row.value));
    return name === undefined ? [] : [{ id: Number(row.value), name, count: Number(row.n) }];
  });
}

/** Agencies' totals of `type` summed over the active states, the largest first; `among` narrows them. */
function summedAgencies(
  db: Db,
  type: string,
  activeStates: number[],
  among: string[] | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('contact_stats')
    .select(['value', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('dimension', '=', 'agency')
    .where('type', '=', type)
    .where('is_active', 'in', activeStates);
  if (among) query = query.where('value', 'in', among);
  return query
    .groupBy('value')
    .having((eb) => eb.fn.sum('n'), '>', 0)
    .orderBy('n', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
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
