import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';

/**
 * The deal reports' sums, each one aggregate statement over the active deals `scope` keeps (the
 * caller's visibility and filters). Amounts are pence; a weighted sum is pence × percent, divided
 * by 100 once per group so that rounding happens once. Each reads one of migration 0030's covering
 * indexes, so that 300,000 deals are summed from the index alone.
 */

type Scope = Expression<SqlBool>[];

const inIds = (column: string, ids: number[]): RawBuilder<SqlBool> =>
  ids.length === 0
    ? sql<SqlBool>`1 = 0`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids.map((id) => sql.lit(id)))})`;

/**
 * The same test, written so that no index is chosen for it (a unary plus): SQLite otherwise reads
 * the won or lost stage (a third of every deal) from a stage-led index instead of the far narrower
 * date range of the report's covering index (at 300,000 deals, 140 ms against 20).
 */
const inIdsUnindexed = (column: string, ids: number[]): RawBuilder<SqlBool> =>
  ids.length === 0
    ? sql<SqlBool>`1 = 0`
    : sql<SqlBool>`+${sql.ref(column)} in (${sql.join(ids.map((id) => sql.lit(id)))})`;

/** A column grouped by without its own index's order: SQLite would walk that index whole to avoid a sort. */
const unindexed = (column: 'deals.agency_id' | 'deals.owner_id') => sql<number>`+${sql.ref(column)}`;

function activeDeals(db: Db, scope: Scope) {
  let qb = db.selectFrom('deals').where('deals.is_active', '=', 1);
  for (const condition of scope) qb = qb.where(condition);
  return qb;
}

const count = sql<string | number>`count(*)`;
const amount = sql<string | number>`coalesce(sum(deals.amount_pence), 0)`;
const weighted = sql<string | number>`coalesce(sum(deals.amount_pence * deals.probability), 0)`;
const month = (column: 'deals.expected_close_date' | 'deals.won_date') =>
  sql<string>`substr(${sql.ref(column)}, 1, 7)`;

export interface StageSums {
  stage_id: number;
  count: number;
  amount: number;
  weighted: number;
}

/** Count, amount and weighted amount of the deals in each of the given stages. */
export async function sumsByStage(db: Db, stageIds: number[], scope: Scope): Promise<StageSums[]> {
  const rows = await activeDeals(db, scope)
    .select(['deals.stage_id', count.as('count'), amount.as('amount'), weighted.as('weighted')])
    .where(inIds('deals.stage_id', stageIds))
    .groupBy('deals.stage_id')
    .execute();
  return rows.map((row) => ({
    stage_id: row.stage_id,
    count: Number(row.count),
    amount: Number(row.amount),
    weighted: Math.round(Number(row.weighted) / 100),
  }));
}

/**
 * The weighted amount (pence) per expected close month, for close dates in [from, to), of the deals
 * in the given stages (all stages when `stageIds` is null).
 */
export async function weightedByCloseMonth(
  db: Db,
  range: { from: string; to: string },
  stageIds: number[] | null,
  scope: Scope,
): Promise<Map<string, number>> {
  let qb = activeDeals(db, scope)
    .select([month('deals.expected_close_date').as('month'), weighted.as('weighted')])
    .where('deals.expected_close_date', '>=', range.from)
    .where('deals.expected_close_date', '<', range.to);
  if (stageIds) qb = qb.where(inIdsUnindexed('deals.stage_id', stageIds));
  const rows = await qb.groupBy(month('deals.expected_close_date')).execute();
  return new Map(rows.map((row) => [row.month, Math.round(Number(row.weighted) / 100)]));
}

/** The amount (pence) won per won-date month, for won dates in [from, to). */
export async function wonByMonth(
  db: Db,
  range: { from: string; to: string },
  wonIds: number[],
  scope: Scope,
): Promise<Map<string, number>> {
  const rows = await activeDeals(db, scope)
    .select([month('deals.won_date').as('month'), amount.as('amount')])
    .where('deals.won_date', '>=', range.from)
    .where('deals.won_date', '<', range.to)
    .where(inIdsUnindexed('deals.stage_id', wonIds))
    .groupBy(month('deals.won_date'))
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.amount)]));
}

/**
 * Of the deals created in [from, to) (ISO times), how many are won and lost now, and how many of
 * the won ones took each number of days from creation to their won date: one pass over the
 * creation index, a few hundred rows back, from which the caller reads the median.
 */
export async function winRateOfCohort(
  db: Db,
  range: { from: string; to: string },
  stages: { won: number[]; lost: number[] },
  scope: Scope,
): Promise<{ won: boolean; days: number | null; count: number }[]> {
  const days =
    engineOf(db) === 'postgres'
      ? sql<number | null>`(cast(deals.won_date as date) - cast(substr(deals.created_at, 1, 10) as date))`
      : sql<
          number | null
        >`((unixepoch(deals.won_date) - unixepoch(substr(deals.created_at, 1, 10))) / 86400)`;
  const isWon = sql<
    number | boolean
  >`case when ${inIdsUnindexed('deals.stage_id', stages.won)} then 1 else 0 end`;
  const rows = await activeDeals(db, scope)
    .select([isWon.as('won'), days.as('days'), count.as('count')])
    .where('deals.created_at', '>=', range.from)
    .where('deals.created_at', '<', range.to)
    .where(inIdsUnindexed('deals.stage_id', [...stages.won, ...stages.lost]))
    .groupBy([isWon, days])
    .execute();
  return rows.map((row) => ({
    won: Number(row.won) === 1,
    days: row.days === null ? null : Number(row.days),
    count: Number(row.count),
  }));
}

/** Count and amount (pence) of the deals in the Lost stages per lost reason (null: none recorded). */
export async function sumsByLostReason(db: Db, lostIds: number[], scope: Scope) {
  const rows = await activeDeals(db, scope)
    .select(['deals.lost_reason_id', count.as('count'), amount.as('amount')])
    .where(inIds('deals.stage_id', lostIds))
    .groupBy('deals.lost_reason_id')
    .execute();
  return rows.map((row) => ({
    lost_reason_id: row.lost_reason_id,
    count: Number(row.count),
    amount: Number(row.amount),
  }));
}

/** The deals won with won dates in [from, to) (YYYY-MM-DD): the partner's or owner's sums read next. */
function wonInRange(db: Db, range: { from: string; to: string }, wonIds: number[], scope: Scope) {
  return activeDeals(db, scope)
    .where('deals.won_date', '>=', range.from)
    .where('deals.won_date', '<', range.to)
    .where(inIdsUnindexed('deals.stage_id', wonIds));
}

/** The amount (pence) won per partner (null: deals without one), with the partner's name. */
export async function wonByPartner(
  db: Db,
  range: { from: string; to: string },
  wonIds: number[],
  scope: Scope,
) {
  const sums = wonInRange(db, range, wonIds, scope)
    .select([unindexed('deals.agency_id').as('agency_id'), count.as('count'), amount.as('amount')])
    .groupBy(unindexed('deals.agency_id'));
  const rows = await db
    .selectFrom(sums.as('s'))
    .leftJoin('agencies as agency', 'agency.id', 's.agency_id')
    .select(['s.agency_id', 's.count', 's.amount', 'agency.name'])
    .execute();
  return rows.map((row) => ({
    agency_id: row.agency_id,
    name: row.name,
    count: Number(row.count),
    amount: Number(row.amount),
  }));
}

/** The amount (pence) won per owner, with the owner's name. */
export async function wonByOwner(
  db: Db,
  range: { from: string; to: string },
  wonIds: number[],
  scope: Scope,
) {
  const sums = wonInRange(db, range, wonIds, scope)
    .select([unindexed('deals.owner_id').as('owner_id'), count.as('count'), amount.as('amount')])
    .groupBy(unindexed('deals.owner_id'));
  const rows = await db
    .selectFrom(sums.as('s'))
    .innerJoin('users as owner', 'owner.id', 's.owner_id')
    .select(['s.owner_id', 's.count', 's.amount', 'owner.name'])
    .execute();
  return rows.map((row) => ({
    owner_id: row.owner_id,
    name: row.name,
    count: Number(row.count),
    amount: Number(row.amount),
  }));
}

/** The amount (pence) won per partner and won-date month on referred deals, with the partner's rate. */
export async function wonByPartnerAndMonth(
  db: Db,
  range: { from: string; to: string },
  wonIds: number[],
  scope: Scope,
) {
  const sums = wonInRange(db, range, wonIds, scope)
    .where(sql<SqlBool>`${unindexed('deals.agency_id')} is not null`)
    .select([
      month('deals.won_date').as('month'),
      unindexed('deals.agency_id').as('agency_id'),
      count.as('count'),
      amount.as('amount'),
    ])
    .groupBy([month('deals.won_date'), unindexed('deals.agency_id')]);
  const rows = await db
    .selectFrom(sums.as('s'))
    .innerJoin('agencies as agency', 'agency.id', 's.agency_id')
    .select(['s.agency_id', 's.month', 's.count', 's.amount', 'agency.name', 'agency.commission_bp'])
    .execute();
  return rows.map((row) => ({
    agency_id: row.agency_id as number,
    month: row.month,
    name: row.name,
    commission_bp: row.commission_bp,
    count: Number(row.count),
    amount: Number(row.amount),
  }));
}

/**
 * What every report was computed from, in one index read: the newest entry of the deals' history
 * (every creation, edit, move, line change and (de)activation of a deal writes one, whoever writes).
 */
export async function dealReportsStamp(db: Db): Promise<number> {
  const row = await db
    .selectFrom('deal_history')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
