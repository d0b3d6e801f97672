import { fileURLToPath } from 'node:url';
import type { DealStageMove } from '@crm/domain';
import type { AppContext } from '../apps/server/src/context.js';
import type { Db } from '../apps/server/src/db/database.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import {
  commissionReport,
  type DealReportQuery,
  forecastReport,
  lossReasonsReport,
  pipelineReport,
  revenueByOwnerReport,
  revenueByPartnerReport,
  winRateReport,
  wonVsForecastReport,
} from '../apps/server/src/modules/deals/deal-reports.service.js';
import { findStage } from '../apps/server/src/modules/deals/deal-stages.repository.js';
import { installationCurrency, writeDeal } from '../apps/server/src/modules/deals/deal-write.js';
import {
  boardCards,
  findDeal,
  linesOfDeals,
  stageTotals,
} from '../apps/server/src/modules/deals/deals.repository.js';
import { EventBus } from '../apps/server/src/modules/events/event-bus.js';
import { Hooks } from '../apps/server/src/modules/records/topics.js';
import { inWrite, type WriteScope } from '../apps/server/src/modules/records/write-scope.js';
import { readSamples } from './samples.js';
import type { Scenario, WriteLoad } from './scenario-types.js';
import { benchAdmin, paletteDirect } from './scenarios-crm.js';

/**
 * The deals of issue 25 as the board and the palette use them, signed in as the seeded admin (who
 * sees every deal), with the targets on SQLite at 10 connections: a board column's first
 * page and a move p99 ≤ 25 ms, a deal search and each report ≤ 50 ms.
 */
const BOARD_MS = 25;
const MOVE_MS = 25;
const SEARCH_MS = 50;
const REPORT_MS = 50;

/** The board's page size (deals.service's BOARD_PAGE). */
const BOARD_PAGE = 50;

/**
 * What GET /api/deals/board/{stageId} reads for an admin: the stage, 50 cards, the column's totals;
 * the stage is the sample the path names (the longest open column).
 */
function boardDirect(db: Db) {
  let stageId: number | undefined;
  return async () => {
    stageId ??= Number((await readSamples(db)).dealStage);
    const stage = await findStage(db, stageId);
    if (!stage) throw new Error(`No stage ${stageId}`);
    await boardCards(db, stage, [], undefined, BOARD_PAGE);
    // An admin's unfiltered column reads the totals the triggers keep, as the route does.
    await stageTotals(db, stageId);
    return installationCurrency(db);
  };
}

/** Deals the move load sends back and forth, each between the second and third open stages. */
const MOVE_POOL = 200;

interface PoolDeal {
  id: number;
  version: number;
  stageId: number;
  stages: [number, number];
}

/** The pool as it stands now: the first active deals of those two stages, with their versions. */
async function movePool(db: Db): Promise<PoolDeal[]> {
  const open = await db
    .selectFrom('deal_stages')
    .select('id')
    .where('kind', '=', 'open')
    .where('is_active', '=', 1)
    .orderBy('position')
    .execute();
  if (open.length < 3) throw new Error('The move load needs three active open stages');
  const stages: [number, number] = [open[1]!.id, open[2]!.id];
  const rows = await db
    .selectFrom('deals')
    .select(['id', 'version', 'stage_id'])
    .where('stage_id', 'in', stages)
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(MOVE_POOL)
    .execute();
  if (rows.length < 20) throw new Error(`The move load needs 20 deals in stages ${stages.join(' and ')}`);
  return rows.map((row) => ({ id: row.id, version: row.version, stageId: row.stage_id, stages }));
}

const loadModule = (name: string) => fileURLToPath(new URL(`./load/${name}`, import.meta.url));

async function moveLoad(db: Db): Promise<WriteLoad> {
  return {
    setupRequest: loadModule('deal-move-request.cjs'),
    onResponse: loadModule('deal-move-response.cjs'),
    initialContext: { deals: await movePool(db) },
  };
}

const noEvents = new EventBus(
  { send: async () => {}, start: async () => {}, stop: async () => {} },
  () => {},
);

/**
 * What PATCH /api/deals/{id}/stage does (deals.service's moveDeal): the deal read, the write in one
 * transaction (locked, versioned, history), the deal read back with its lines. Each run moves the
 * next deal of the pool to its other stage, at the version it is at.
 */
function moveDirect(db: Db) {
  let pool: PoolDeal[] | undefined;
  let turn = 0;
  let admin: Actor | undefined;
  const deps = { db, events: noEvents, hooks: new Hooks<WriteScope>() };
  return async () => {
    pool ??= await movePool(db);
    admin ??= await benchAdmin(db);
    const actor = admin;
    const deal = pool[turn++ % pool.length]!;
    const row = (await findDeal(db, deal.id))!;
    const currency = await installationCurrency(db);
    const move: DealStageMove = {
      stageId: row.stage_id === deal.stages[0] ? deal.stages[1] : deal.stages[0],
      version: row.version,
      lostReasonId: null,
      lostReasonText: null,
      probability: null,
    };
    await inWrite(deps, actor, (w) => writeDeal(w, deal.id, { move, version: row.version }, currency));
    await findDeal(db, deal.id);
    return linesOfDeals(db, [deal.id]);
  };
}

type Report = (ctx: AppContext, actor: Actor, query: DealReportQuery) => Promise<unknown>;

/** /deals/report's figures, each as its route computes it for the admin with no filter (the page's default). */
const REPORTS: [path: string, report: Report][] = [
  ['pipeline', pipelineReport],
  ['forecast', forecastReport],
  ['won-vs-forecast', wonVsForecastReport],
  ['win-rate', winRateReport],
  ['loss-reasons', lossReasonsReport],
  ['revenue-by-partner', revenueByPartnerReport],
  ['revenue-by-owner', revenueByOwnerReport],
  ['commission', commissionReport],
];

/** The report's service call: it reads nothing of the context but the database. */
function reportDirect(report: Report) {
  return (db: Db) => {
    const ctx = { db } as AppContext;
    let admin: Actor | undefined;
    return async () => {
      admin ??= await benchAdmin(db);
      return report(ctx, admin, {});
    };
  };
}

export const DEAL_SCENARIOS: readonly Scenario[] = [
  {
    name: 'deals: board column, first page (the longest open stage)',
    path: '/api/deals/board/{dealStage}',
    target: { sqlite: BOARD_MS },
    direct: (db) => boardDirect(db),
  },
  {
    name: 'deals: move to the other stage (PATCH with version)',
    path: '/api/deals/:id/stage',
    target: { sqlite: MOVE_MS },
    write: moveLoad,
    direct: (db) => moveDirect(db),
  },
  // Words that start seeded deals' titles ("Villa purchase – …", "Villa 3+1, Kyrenia – …").
  ...['villa', 'apartment'].map(
    (q): Scenario => ({
      name: `deals: palette search q=${q}`,
      path: `/api/search?q=${q}`,
      target: { sqlite: SEARCH_MS },
      direct: paletteDirect,
    }),
  ),
  ...REPORTS.map(
    ([path, report]): Scenario => ({
      name: `deals: report ${path}`,
      path: `/api/deal-reports/${path}`,
      target: { sqlite: REPORT_MS },
      direct: reportDirect(report),
    }),
  ),
];
