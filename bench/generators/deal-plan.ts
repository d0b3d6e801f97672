import { type SOURCES, todayIso } from '@crm/domain';
import type { Rng } from '../lib/prng.js';
import { between, DAY_MS, logUniform } from './population.js';

/**
 * A seeded deal's story before it is written: its stage path (each move on the board, with its
 * time and who made it), its lines or entered amount, its dates. Kept apart from the rows so that
 * what a realistic pipeline looks like is read in one place; bench/generators/deals.ts turns it into
 * the rows the one write path would have stored.
 */

export interface StageRef {
  id: number;
  name: string;
  probability: number;
  kind: 'open' | 'won' | 'lost';
}

export interface ReasonRef {
  id: number;
  name: string;
}

export interface ProductRef {
  id: number;
  title: string;
  type: 'REAL_ESTATE' | 'DORMITORY' | 'MAINTENANCE';
  /** What deal-write's resolveLines takes as the unit price when none is typed (pence). */
  defaultPricePence: number;
}

/** The contact a deal is for, as the deals step reads it. */
export interface DealContact {
  id: number;
  type: string;
  surname: string;
  createdMs: number;
  agencyId: number | null;
  assigneeId: number | null;
  source: (typeof SOURCES)[number] | null;
}

/** Where a deal ended up: an open stage's index, Won or Lost (from the open stage it had reached). */
export type Outcome = { kind: 'open'; stage: number } | { kind: 'won' } | { kind: 'lost'; from: number };

/**
 * About 20% of deals won and 15% lost, the rest open and weighted toward the early stages (a third
 * in the first). Customers already bought once and win more often than leads.
 */
export function pickOutcome(rng: Rng, contactType: string, openStages: number): Outcome {
  const customer = contactType === 'CUSTOMER';
  const roll = rng.next();
  const won = customer ? 0.45 : 0.09;
  const lost = customer ? 0.1 : 0.17;
  if (roll < won) return { kind: 'won' };
  if (roll < won + lost) return { kind: 'lost', from: earlyStage(rng, openStages) };
  return { kind: 'open', stage: earlyStage(rng, openStages) };
}

/** An open stage's index, the first ones likelier (weights 1/(i + 1.5): 32%, 23%, 18%, 15%, 12%). */
function earlyStage(rng: Rng, openStages: number): number {
  return rng.weighted(Array.from({ length: openStages }, (_, i) => ({ value: i, weight: 1 / (i + 1.5) })));
}

/**
 * The open stages a deal passed through after the first (New): each earlier one visited seven
 * times in ten (a salesperson often skips a column), the last always.
 */
export function openPath(rng: Rng, reached: number): number[] {
  const path: number[] = [];
  for (let i = 1; i <= reached; i++) if (i === reached || rng.chance(0.7)) path.push(i);
  return path;
}

export const LOST_REASON_WEIGHTS: Record<string, number> = {
  Price: 30,
  'Chose a competitor': 24,
  'No response': 24,
  Timing: 16,
  Other: 6,
};

/** What a salesperson types beside a lost reason (always for Other, sometimes for the rest). */
const LOST_TEXTS: Record<string, readonly string[]> = {
  Price: [
    'Budget was 15% below the asking price',
    'Found the payment plan too short',
    'Wanted a bigger discount than the developer allows',
  ],
  'Chose a competitor': [
    'Bought through another agency in Kyrenia',
    'Went with a developer offering a rental guarantee',
    'Chose a resale flat from a private seller',
  ],
  'No response': [
    'Three calls and two e-mails without an answer',
    'Stopped replying after the viewing',
    'Phone switched off since the offer',
  ],
  Timing: [
    'Postponed the purchase until next year',
    'Waiting for their house in the UK to sell',
    'Completion date too late for the school year',
  ],
  Other: [
    'Family reasons: moving back home',
    'Could not get the title deed permission',
    'Bank refused the mortgage',
    'Changed their mind about living abroad',
  ],
};

export function lostText(rng: Rng, reason: string): string | null {
  const texts = LOST_TEXTS[reason] ?? LOST_TEXTS.Other!;
  return reason === 'Other' || rng.chance(0.3) ? rng.pick(texts) : null;
}

/** A deal's title when it has no lines: what the salesperson calls it, then the contact's surname. */
const DEAL_KINDS = [
  'Villa purchase',
  'Apartment purchase',
  'Penthouse purchase',
  'Investment property',
  'Holiday home',
  'Off-plan apartment',
  'Land purchase',
  'Student accommodation',
  'Rental management',
  'Office lease',
  'Shop lease',
  'Property valuation',
] as const;

const MAX_TITLE = 200;

export function dealTitle(rng: Rng, firstProduct: ProductRef | undefined, surname: string): string {
  const what = firstProduct ? firstProduct.title : rng.pick(DEAL_KINDS);
  const title = `${what} – ${surname}`.replace(/\s+/g, ' ').trim();
  return title.length <= MAX_TITLE ? title : title.slice(0, MAX_TITLE).trim();
}

export interface PlannedLine {
  product: ProductRef;
  quantity: number;
  /** Null: the product's own price, as the form sends it when the price is left alone. */
  unitPricePence: number | null;
  discountBp: number;
}

/**
 * Seven deals in ten have lines: usually one property (a few come with a maintenance plan or a
 * second unit), dormitory rooms by the term or year for one to four students, maintenance by the
 * visit at a typed price (their products carry none). A quarter of the lines carry a discount of
 * 1-10%. The rest have an amount typed by hand (0 for a few new deals nobody has priced yet).
 */
export function planLines(
  rng: Rng,
  products: ProductsByType,
): { lines: PlannedLine[]; enteredPence: number | null } {
  if (products.all.length === 0 || rng.chance(0.3)) {
    const entered = rng.chance(0.05) ? 0 : logUniform(rng, 1_500, 650_000, 500) * 100;
    return { lines: [], enteredPence: entered };
  }
  const first = pickProduct(rng, products);
  const lines = [lineFor(rng, first)];
  if (rng.chance(0.15)) {
    const extra = rng.chance(0.6) && products.maintenance.length > 0 ? rng.pick(products.maintenance) : null;
    lines.push(lineFor(rng, extra ?? pickProduct(rng, products)));
    if (rng.chance(0.2)) lines.push(lineFor(rng, pickProduct(rng, products)));
  }
  return { lines, enteredPence: null };
}

export interface ProductsByType {
  all: readonly ProductRef[];
  realEstate: readonly ProductRef[];
  dormitory: readonly ProductRef[];
  maintenance: readonly ProductRef[];
}

function pickProduct(rng: Rng, products: ProductsByType): ProductRef {
  const kind = rng.weighted([
    { value: products.realEstate, weight: products.realEstate.length > 0 ? 78 : 0 },
    { value: products.dormitory, weight: products.dormitory.length > 0 ? 14 : 0 },
    { value: products.maintenance, weight: products.maintenance.length > 0 ? 8 : 0 },
  ]);
  return rng.pick(kind.length > 0 ? kind : products.all);
}

function lineFor(rng: Rng, product: ProductRef): PlannedLine {
  const priced = product.defaultPricePence > 0;
  const quantity =
    product.type === 'DORMITORY'
      ? rng.weighted([
          { value: 1, weight: 6 },
          { value: 2, weight: 3 },
          { value: 4, weight: 1 },
        ])
      : product.type === 'MAINTENANCE'
        ? rng.pick([1, 4, 6, 12])
        : 1;
  return {
    product,
    quantity,
    unitPricePence: priced ? null : rng.int(8, 60) * 500,
    discountBp: rng.chance(0.25) ? rng.pick([100, 200, 250, 500, 750, 1000]) : 0,
  };
}

export interface Timeline {
  createdMs: number;
  /** One instant per move, in order; the last is the move into Won or Lost for a closed deal. */
  movesMs: number[];
  expectedCloseDate: string | null;
}

const MONTH_MS = 30.44 * DAY_MS;

/**
 * When things happened. A closed deal closed in the last six months, within half a year of its
 * creation, its expected close date near the day it closed. An open deal was created in the last
 * nine months and expects to close between two months ago (overdue) and nine months ahead, most of
 * them ahead. Nothing happens before its contact came in or after `until`.
 */
export function planTimeline(
  rng: Rng,
  outcome: Outcome,
  moves: number,
  contactCreatedMs: number,
  untilMs: number,
): Timeline {
  const end = untilMs - 60_000;
  const earliest = Math.min(contactCreatedMs + 60_000, end);
  if (outcome.kind !== 'open') {
    const closedMs = between(rng, Math.max(earliest, end - 6 * MONTH_MS), end);
    const createdMs = between(rng, Math.max(earliest, closedMs - 6 * MONTH_MS), closedMs);
    const close = closedMs + rng.int(-20, 20) * DAY_MS;
    return { createdMs, movesMs: spread(rng, createdMs, closedMs, moves), expectedCloseDate: isoDate(close) };
  }
  const createdMs = between(rng, Math.max(earliest, end - 9 * MONTH_MS), end);
  const lastMoveMs = between(rng, createdMs, end);
  const close = rng.chance(0.06)
    ? null
    : between(rng, Math.max(createdMs, end - 2 * MONTH_MS), end + 9 * MONTH_MS);
  return {
    createdMs,
    movesMs: spread(rng, createdMs, lastMoveMs, moves, true),
    expectedCloseDate: close === null ? null : isoDate(close),
  };
}

/** `count` instants after `from`, rising; the last is `to` when `endsAtTo`, else any up to it. */
function spread(rng: Rng, from: number, to: number, count: number, endsAtTo = true): number[] {
  const times = Array.from({ length: count }, () => between(rng, from + 1000, to)).sort((a, b) => a - b);
  if (endsAtTo && count > 0) times[count - 1] = Math.max(to, times[count - 2] ?? from + 1000);
  // Distinct instants keep each move's history in its own second, as two writes would be.
  for (let i = 1; i < times.length; i++) if (times[i]! <= times[i - 1]!) times[i] = times[i - 1]! + 1000;
  return times;
}

const isoDate = (ms: number) => todayIso(new Date(ms));
