import type { Db } from '../../db/database.js';
import {
  activeLeadsPerDay,
  chartInputsStamp,
  contactsBySource,
  contactsByType,
  conversionsPerDay,
  topAgencies,
} from './dashboard-charts.repository.js';

/** Weeks shown by the weekly charts, the current one last. */
export const CHART_WEEKS = 12;
export const TOP_AGENCIES = 5;

const DAY_MS = 86_400_000;

/** Monday (UTC) of the week holding `date`, as YYYY-MM-DD. */
export function weekStart(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The last CHART_WEEKS Mondays, oldest first. */
function chartWeeks(now: Date): string[] {
  const current = Date.parse(`${weekStart(now)}T00:00:00Z`);
  return Array.from({ length: CHART_WEEKS }, (_, index) =>
    new Date(current - (CHART_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

function perWeek(weeks: string[], days: { day: string; n: number | string }[]) {
  const totals = new Map(weeks.map((week) => [week, 0]));
  for (const { day, n } of days) {
    const week = weekStart(new Date(`${day}T00:00:00Z`));
    if (totals.has(week)) totals.set(week, (totals.get(week) ?? 0) + Number(n));
  }
  return weeks.map((week) => ({ week, count: totals.get(week) ?? 0 }));
}

/**
 * The dashboard's charts, mostly read from trigger-kept totals (migrations 0005 and 0010). Every
 * figure counts what the list it links to shows, for everyone: the contacts lists show active
 * contacts only, so the breakdowns and the conversion rate count active contacts, and agree with
 * the Leads and Customers cards. "Leads created per week" counts the active leads by their week of
 * creation, "Conversions per week" the customers the list shows by their week of conversion.
 */
export async function dashboardCharts(db: Db, now = new Date()) {
  const activeStates = [1];
  const weeks = chartWeeks(now);
  const from = weeks[0] as string;
  const [created, converted, sources, agencies, types] = await Promise.all([
    activeLeadsPerDay(db, from),
    conversionsPerDay(db, from),
    contactsBySource(db, 'LEAD', activeStates),
    topAgencies(db, 'CUSTOMER', false, TOP_AGENCIES),
    contactsByType(db, activeStates),
  ]);
  const total = (type: string) => Number(types.find((row) => row.type === type)?.n ?? 0);
  const leads = total('LEAD');
  const customers = total('CUSTOMER');
  return {
    leadsPerWeek: perWeek(weeks, created),
    conversionsPerWeek: perWeek(weeks, converted),
    leadsBySource: sources
      .map((row) => ({ source: row.source === '' ? null : row.source, count: Number(row.n) }))
      .filter((row) => row.count > 0)
      .sort((a, b) => b.count - a.count || String(a.source).localeCompare(String(b.source))),
    topAgencies: agencies,
    conversionRate: {
      customers,
      contacts: leads + customers,
      // Active customers among active contacts, in percent with one decimal; 0 with no contacts.
      percent: leads + customers === 0 ? 0 : Math.round((customers / (leads + customers)) * 1000) / 10,
    },
  };
}

type Charts = Awaited<ReturnType<typeof dashboardCharts>>;

/** How long computed charts may serve before they are read again even with unchanged inputs. */
const CHARTS_REUSE_MS = 30_000;
const chartsCache = new WeakMap<Db, { key: string; at: number; charts: Promise<Charts> }>();

/**
 * The charts, reused while their inputs are unchanged: everyone's dashboard shows the same figures,
 * and the conversions' weeks are thousands of rows at a million contacts (17 ms a request), so the
 * morning's dashboards need not each read them again. The key is the inputs' stamp (two index
 * reads) and the day; a request that comes while they are computed waits for the same answer.
 * Reused at most CHARTS_REUSE_MS, so a change no history entry records (a data load) shows soon.
 */
export async function sharedDashboardCharts(db: Db, now = new Date()): Promise<Charts> {
  const key = `${await chartInputsStamp(db)}|${now.toISOString().slice(0, 10)}`;
  const cached = chartsCache.get(db);
  if (cached && cached.key === key && Date.now() - cached.at < CHARTS_REUSE_MS) return cached.charts;
  const charts = dashboardCharts(db, now);
  chartsCache.set(db, { key, at: Date.now(), charts });
  charts.catch(() => {
    if (chartsCache.get(db)?.charts === charts) chartsCache.delete(db);
  });
  return charts;
}
