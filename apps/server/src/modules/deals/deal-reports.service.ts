import { fromMinor, todayIso } from '@crm/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest } from '../../lib/http-errors.js';
import { cachedReport } from './deal-report-cache.js';
import {
  sumsByLostReason,
  sumsByStage,
  weightedByCloseMonth,
  winRateOfCohort,
  wonByMonth,
  wonByOwner,
  wonByPartner,
  wonByPartnerAndMonth,
} from './deal-reports.repository.js';
import { listLostReasons, listStages } from './deal-stages.repository.js';
import { installationCurrency } from './deal-write.js';
import { ownDeals } from './deals.repository.js';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be an id` })
    .int()
    .positive()
    .max(2_147_483_647, { error: `${name} must be an id` });
const isoDay = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must read YYYY-MM-DD` })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: `${name} must read YYYY-MM-DD`,
      },
    );

/** Every report takes these; `from`/`to` (inclusive days) bound the reports over a period. */
export const dealReportQuerySchema = z.object({
  ownerId: id('ownerId').optional(),
  agencyId: id('agencyId').optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
});
export type DealReportQuery = z.output<typeof dealReportQuerySchema>;

export const commissionQuerySchema = dealReportQuerySchema.extend({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});

/** YYYY-MM plus `n` months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The deals a report counts: active ones, a plain user's own (owned or assigned), as on the list and
 * the board; admins' all. The filters narrow that, never widen it.
 */
function scopeOf(actor: Actor, query: DealReportQuery): Expression<SqlBool>[] {
  const scope = isAdmin(actor) ? [] : [ownDeals(actor.user.id)];
  if (query.ownerId !== undefined) scope.push(sql<SqlBool>`deals.owner_id = ${query.ownerId}`);
  if (query.agencyId !== undefined) scope.push(sql<SqlBool>`deals.agency_id = ${query.agencyId}`);
  return scope;
}

/** A period's days, inclusive: by default the current month and the 11 before it, up to today. */
function periodOf(query: DealReportQuery): { from: string; to: string } {
  const today = todayIso();
  const from = query.from ?? `${addMonths(today.slice(0, 7), -11)}-01`;
  const to = query.to ?? today;
  if (from > to) throw badRequest('from must not be after to', { from: 'from must not be after to' });
  return { from, to };
}

async function stagesByKind(ctx: AppContext) {
  const stages = await listStages(ctx.db);
  const ids = (kind: string) => stages.filter((stage) => stage.kind === kind).map((stage) => stage.id);
  return { stages, open: ids('open'), won: ids('won'), lost: ids('lost') };
}

/** Money as the deals API answers it: major units. */
const pounds = (pence: number) => fromMinor(pence);

export async function pipelineReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { stages, open } = await stagesByKind(ctx);
  const sums = new Map(
    (await sumsByStage(ctx.db, open, scopeOf(actor, query))).map((row) => [row.stage_id, row]),
  );
  // A deactivated stage shows while it still holds deals, as its board column does.
  const shown = stages.filter(
    (stage) => stage.kind === 'open' && (stage.is_active === 1 || sums.has(stage.id)),
  );
  return {
    currency: await installationCurrency(ctx.db),
    stages: shown.map((stage) => {
      const row = sums.get(stage.id);
      return {
        stageId: stage.id,
        name: stage.name,
        probability: stage.probability,
        count: row?.count ?? 0,
        amount: pounds(row?.amount ?? 0),
        weightedAmount: pounds(row?.weighted ?? 0),
      };
    }),
  };
}

/** The open deals' weighted amounts by expected close month: this month and the 5 after it. */
export async function forecastReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { open } = await stagesByKind(ctx);
  const first = todayIso().slice(0, 7);
  const months = Array.from({ length: 6 }, (_, i) => addMonths(first, i));
  const range = { from: `${first}-01`, to: `${addMonths(first, 6)}-01` };
  const sums = await weightedByCloseMonth(ctx.db, range, open, scopeOf(actor, query));
  return {
    currency: await installationCurrency(ctx.db),
    months: months.map((month) => ({ month, weightedAmount: pounds(sums.get(month) ?? 0) })),
  };
}

/**
 * The 5 months before this one and this month so far, oldest first: the amount won in each (by won
 * date) and what is forecast for it: every deal expected to close in it, weighted by the
 * probability it carries now (docs/decisions.md, "Deals: reports").
 */
export async function wonVsForecastReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { won } = await stagesByKind(ctx);
  const current = todayIso().slice(0, 7);
  const months = Array.from({ length: 6 }, (_, i) => addMonths(current, i - 5));
  const range = { from: `${months[0]}-01`, to: `${addMonths(current, 1)}-01` };
  const scope = scopeOf(actor, query);
  const wonSums = await wonByMonth(ctx.db, range, won, scope);
  const forecast = await weightedByCloseMonth(ctx.db, range, null, scope);
  return {
    currency: await installationCurrency(ctx.db),
    months: months.map((month) => ({
      month,
      won: pounds(wonSums.get(month) ?? 0),
      forecast: pounds(forecast.get(month) ?? 0),
    })),
  };
}

/**
 * The median of the won deals' days from creation to win, from how many took each number of days.
 * A deal won before it was entered (recorded after the fact) tells nothing of how long selling took
 * and is left out.
 */
function medianDays(rows: { won: boolean; days: number | null; count: number }[]): number | null {
  const timed = rows
    .filter(
      (row): row is { won: true; days: number; count: number } =>
        row.won && row.days !== null && row.days >= 0,
    )
    .sort((a, b) => a.days - b.days);
  const n = timed.reduce((sum, row) => sum + row.count, 0);
  if (n === 0) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const row of timed) {
      seen += row.count;
      if (index < seen) return row.days;
    }
    return timed.at(-1)!.days;
  };
  return (at(Math.floor((n - 1) / 2)) + at(Math.floor(n / 2))) / 2;
}

/** Of the deals created in the period, the share won of those closed, and the median days to win. */
export async function winRateReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { won, lost } = await stagesByKind(ctx);
  const period = periodOf(query);
  const range = { from: period.from, to: nextDay(period.to) };
  const rows = await winRateOfCohort(ctx.db, range, { won, lost }, scopeOf(actor, query));
  const wonCount = rows.filter((row) => row.won).reduce((sum, row) => sum + row.count, 0);
  const lostCount = rows.filter((row) => !row.won).reduce((sum, row) => sum + row.count, 0);
  const closed = wonCount + lostCount;
  return {
    from: period.from,
    to: period.to,
    won: wonCount,
    lost: lostCount,
    /** A percentage to one decimal; null when no deal of the period has closed. */
    winRate: closed === 0 ? null : Math.round((wonCount / closed) * 1000) / 10,
    medianDaysToWin: medianDays(rows),
  };
}

export async function lossReasonsReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { lost } = await stagesByKind(ctx);
  const reasons = await listLostReasons(ctx.db);
  const names = new Map(reasons.map((reason) => [reason.id, reason.name]));
  const position = new Map(reasons.map((reason, index) => [reason.id, index]));
  const rows = await sumsByLostReason(ctx.db, lost, scopeOf(actor, query));
  // Most lost first; no recorded reason last.
  rows.sort(
    (a, b) =>
      b.count - a.count ||
      (position.get(a.lost_reason_id ?? -1) ?? 1e9) - (position.get(b.lost_reason_id ?? -1) ?? 1e9),
  );
  return {
    currency: await installationCurrency(ctx.db),
    reasons: rows.map((row) => ({
      lostReasonId: row.lost_reason_id,
      name: row.lost_reason_id === null ? 'No reason given' : (names.get(row.lost_reason_id) ?? 'Unknown'),
      count: row.count,
      amount: pounds(row.amount),
    })),
  };
}

const wonRange = (query: DealReportQuery) => {
  const period = periodOf(query);
  return { period, range: { from: period.from, to: nextDay(period.to) } };
};

/** The amount won in the period (by won date) per partner, most first; deals without a partner as one row. */
export async function revenueByPartnerReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { won } = await stagesByKind(ctx);
  const { period, range } = wonRange(query);
  const rows = await wonByPartner(ctx.db, range, won, scopeOf(actor, query));
  rows.sort((a, b) => b.amount - a.amount || (a.name ?? '').localeCompare(b.name ?? ''));
  return {
    from: period.from,
    to: period.to,
    currency: await installationCurrency(ctx.db),
    partners: rows.slice(0, REPORT_TOP_PARTNERS).map((row) => ({
      agencyId: row.agency_id,
      name: row.agency_id === null ? 'No partner' : (row.name ?? ''),
      count: row.count,
      amount: pounds(row.amount),
    })),
    otherPartners: othersOf(rows.slice(REPORT_TOP_PARTNERS)),
  };
}

/**
 * How many partners a report names; the rest are one line. A chart of thousands of partners shows
 * nothing, and writing their answer was most of the report's cost (5,000 partners: 4.8 ms a request).
 */
export const REPORT_TOP_PARTNERS = 20;

/** The partners past the top ones, summed; null when there are none. */
function othersOf(rows: { count: number; amount: number }[]) {
  if (rows.length === 0) return null;
  return {
    partners: rows.length,
    count: rows.reduce((sum, row) => sum + row.count, 0),
    amount: pounds(rows.reduce((sum, row) => sum + row.amount, 0)),
  };
}

export async function revenueByOwnerReport(ctx: AppContext, actor: Actor, query: DealReportQuery) {
  const { won } = await stagesByKind(ctx);
  const { period, range } = wonRange(query);
  const rows = await wonByOwner(ctx.db, range, won, scopeOf(actor, query));
  rows.sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
  return {
    from: period.from,
    to: period.to,
    currency: await installationCurrency(ctx.db),
    owners: rows.map((row) => ({
      ownerId: row.owner_id,
      name: row.name,
      count: row.count,
      amount: pounds(row.amount),
    })),
  };
}

export interface CommissionRow {
  agencyId: number;
  name: string;
  month: string;
  count: number;
  amountWon: number;
  /** A percentage: 12.5 is 12.5 %. */
  commissionRate: number;
  commission: number;
}

/**
 * What each partner is owed per month of the period: the amount won (by won date) on the deals it
 * referred × its Commission Rate today, rounded to the penny per partner and month, the figure paid.
 */
/**
 * Commission per partner and month. On screen (`top`), the REPORT_TOP_PARTNERS partners owed the
 * most, each with all its months, and the others as one line; the CSV for payment has every row.
 */
export async function commissionReport(
  ctx: AppContext,
  actor: Actor,
  query: DealReportQuery,
  options: { top?: boolean } = { top: true },
) {
  const { won } = await stagesByKind(ctx);
  const { period, range } = wonRange(query);
  const rows = await wonByPartnerAndMonth(ctx.db, range, won, scopeOf(actor, query));
  rows.sort(
    (a, b) => a.name.localeCompare(b.name) || a.agency_id - b.agency_id || a.month.localeCompare(b.month),
  );
  const lines: CommissionRow[] = rows.map((row) => ({
    agencyId: row.agency_id,
    name: row.name,
    month: row.month,
    count: row.count,
    amountWon: pounds(row.amount),
    commissionRate: row.commission_bp / 100,
    commission: pounds(Math.round((row.amount * row.commission_bp) / 10_000)),
  }));
  const owed = (row: (typeof rows)[number]) => Math.round((row.amount * row.commission_bp) / 10_000);
  const totalPence = rows.reduce((sum, row) => sum + owed(row), 0);
  const byPartner = new Map<number, number>();
  for (const row of rows) byPartner.set(row.agency_id, (byPartner.get(row.agency_id) ?? 0) + owed(row));
  const shown = options.top
    ? new Set(
        [...byPartner]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .slice(0, REPORT_TOP_PARTNERS)
          .map(([agencyId]) => agencyId),
      )
    : undefined;
  const others = shown ? rows.filter((row) => !shown.has(row.agency_id)) : [];
  return {
    from: period.from,
    to: period.to,
    currency: await installationCurrency(ctx.db),
    rows: shown ? lines.filter((line) => shown.has(line.agencyId)) : lines,
    otherPartners:
      others.length === 0
        ? null
        : {
            partners: new Set(others.map((row) => row.agency_id)).size,
            amountWon: pounds(others.reduce((sum, row) => sum + row.amount, 0)),
            commission: pounds(others.reduce((sum, row) => sum + owed(row), 0)),
          },
    total: pounds(totalPence),
  };
}

export const COMMISSION_CSV_HEADERS = [
  'Partner ID',
  'Partner',
  'Month',
  'Deals won',
  'Amount won',
  'Commission Rate',
  'Commission',
  'Currency',
];

/** The reports as the routes serve them: each reused while the deals are unchanged (deal-report-cache.ts). */
export const sharedReports = {
  pipeline: cachedReport('pipeline', pipelineReport),
  forecast: cachedReport('forecast', forecastReport),
  wonVsForecast: cachedReport('won-vs-forecast', wonVsForecastReport),
  winRate: cachedReport('win-rate', winRateReport),
  lossReasons: cachedReport('loss-reasons', lossReasonsReport),
  revenueByPartner: cachedReport('revenue-by-partner', revenueByPartnerReport),
  revenueByOwner: cachedReport('revenue-by-owner', revenueByOwnerReport),
  commission: cachedReport('commission', (ctx, actor, query: DealReportQuery) =>
    commissionReport(ctx, actor, query),
  ),
};
