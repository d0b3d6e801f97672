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

/**
 * What a salesperson calls a deal without lines, with the amounts such a deal is typed at (pounds):
 * a home costs more than a year's management contract.
 */
const DEAL_KINDS: readonly { name: string; min: number; max: number }[] = [
  { name: 'Villa purchase', min: 180_000, max: 900_000 },
  { name: 'Apartment purchase', min: 60_000, max: 320_000 },
  { name: 'Penthouse purchase', min: 150_000, max: 600_000 },
  { name: 'Investment property', min: 80_000, max: 650_000 },
  { name: 'Holiday home', min: 70_000, max: 350_000 },
  { name: 'Off-plan apartment', min: 55_000, max: 250_000 },
  { name: 'Land purchase', min: 25_000, max: 300_000 },
  { name: 'Student accommodation', min: 2_000, max: 12_000 },
  { name: 'Rental management', min: 1_200, max: 6_000 },
  { name: 'Office lease', min: 6_000, max: 60_000 },
  { name: 'Shop lease', min: 8_000, max: 48_000 },
  { name: 'Property valuation', min: 300, max: 1_500 },
];

const MAX_TITLE = 200;

/** The first line's product, else the deal's kind, then the contact's surname. */
export function dealTitle(what: string, surname: string): string {
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
 * 1-10%. The rest have an amount typed by hand for their kind (0 for a few new ones nobody has priced yet);
 * `what` names the deal in its title.
 */
export function planLines(
  rng: Rng,
  products: ProductsByType,
  /** A new deal may not be priced yet; any later one is. */
  mayBeUnpriced: boolean,
): { lines: PlannedLine[]; enteredPence: number | null; what: string } {
  if (products.all.length === 0 || rng.chance(0.3)) {
    const kind = rng.pick(DEAL_KINDS);
    const step = kind.max >= 50_000 ? 500 : 50;
    const entered = mayBeUnpriced && rng.chance(0.1) ? 0 : logUniform(rng, kind.min, kind.max, step) * 100;
    return { lines: [], enteredPence: entered, what: kind.name };
  }
  // A property is usually on one deal at a time: a few tries for one no deal has named yet.
  let first = pickProduct(rng, products);
  for (let tries = 0; tries < 3 && products.used.has(first.id); tries++) first = pickProduct(rng, products);
  products.used.add(first.id);
  const lines = [lineFor(rng, first)];
  if (rng.chance(0.15)) {
    const extra = rng.chance(0.6) && products.maintenance.length > 0 ? rng.pick(products.maintenance) : null;
    lines.push(lineFor(rng, extra ?? pickProduct(rng, products)));
    if (rng.chance(0.2)) lines.push(lineFor(rng, pickProduct(rng, products)));
  }
  return { lines, enteredPence: null, what: first.title };
}

export interface ProductsByType {
  all: readonly ProductRef[];
  realEstate: readonly ProductRef[];
  dormitory: readonly ProductRef[];
  maintenance: readonly ProductRef[];
  /** The products deals have named so far. */
  used: Set<number>;
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

/** What a salesperson notes on a deal when it reaches an open stage, by the stage's place after New. */
const STAGE_NOTES: readonly (readonly string[])[] = [
  [
    'Called back: budget confirmed, a cash buyer.',
    'Qualified on the phone: wants to move within the year.',
    'Confirmed the budget and the areas they like; sending a shortlist.',
  ],
  [
    'Viewing booked for Saturday morning with the site manager.',
    'Showed two units; they liked the sea view from the top floor.',
    'Video viewing done for the family abroad; they want a second one in person.',
  ],
  [
    'Sent the price list and the payment plan.',
    'Proposal sent: 35% down and 24 monthly instalments.',
    'Offer sent; they asked about the title deed.',
  ],
  [
    'They asked for 5% off; checking with the developer.',
    'Price agreed; discussing the furniture package.',
    'Their lawyer is reviewing the contract draft.',
  ],
];
const WON_NOTES = [
  'Contract signed and deposit received.',
  'Deposit paid; keys handed over next month.',
  'Signed at the office today; commission invoice to follow.',
];

const FIRST_NOTES = [
  'First call: looking for a home near the sea, ready to buy this year.',
  'Enquiry through the website; sent the brochure and the price list.',
  'Met at the office; interested in a two-bedroom flat for the family.',
  'Referred by a partner; wants to see what is available before the summer.',
];

/** The note written when the deal is opened. */
export const openingNote = (rng: Rng): string => rng.pick(FIRST_NOTES);

/** The note written with a move into `stage` (open stages by their place after New). */
export function stageNote(rng: Rng, stage: StageRef, openIndex: number, lostText: string | null): string {
  if (stage.kind === 'won') return rng.pick(WON_NOTES);
  if (stage.kind === 'lost')
    return (
      lostText ?? `Closed as lost. ${rng.pick(['Will try again next season.', 'Kept on the mailing list.'])}`
    );
  return rng.pick(STAGE_NOTES[openIndex - 1] ?? [`Moved to ${stage.name}.`]);
}
