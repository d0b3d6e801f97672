import { dealAmountMinor, foldCase, lineTotalMinor, SOURCES, searchFold, todayIso } from '@crm/domain';
import type { Insertable } from 'kysely';
import type {
  DealHistoryTable,
  DealLinesTable,
  DealsTable,
  NotesTable,
} from '../../apps/server/src/db/schema.js';
import { sanitizeRichText } from '../../apps/server/src/lib/sanitize.js';
import type { HistoryEntryWrite } from '../../apps/server/src/modules/history/history.repository.js';
import { changedFields, type HistoryValue } from '../../apps/server/src/modules/history/history.service.js';
import type { TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import {
  type DealContact,
  dealTitle,
  LOST_REASON_WEIGHTS,
  lostText,
  type Outcome,
  openingNote,
  openPath,
  type PlannedLine,
  type ProductRef,
  type ProductsByType,
  pickOutcome,
  planLines,
  planTimeline,
  type ReasonRef,
  type StageRef,
  stageNote,
} from './deal-plan.js';
import { batchFor, ExistingAt, iso, loadActiveUsers, type StaffUser } from './population.js';

/** Tables the deals step fills, children first; --reset empties them (stages and reasons stay). */
export const DEAL_TABLES: readonly TableName[] = ['deal_history', 'deal_lines', 'deals'];

/** Deals per contact when --deals is not given: a million contacts get 300,000 deals (issue 25). */
export const DEALS_PER_CONTACT = 0.3;

/** The stages and lost reasons the migration seeded (an admin may have changed them since). */
interface Pipeline {
  open: StageRef[];
  won: StageRef;
  lost: StageRef;
  reasons: { value: ReasonRef; weight: number }[];
}

/** One deal as written: its row, its lines and its history, in the order the write path adds them. */
interface DealWrite {
  row: Insertable<DealsTable>;
  lines: Omit<Insertable<DealLinesTable>, 'deal_id'>[];
  history: Omit<Insertable<DealHistoryTable>, 'deal_id'>[];
  /** Notes on the deal, as the shared notes write them (a deal's notes add no history entry). */
  notes: Omit<Insertable<NotesTable>, 'deal_id' | 'contact_id' | 'agency_id'>[];
}

/** The fields a move changes, as deal-write's history view writes them. */
interface Moving {
  stage: StageRef;
  probability: number;
  lostReason: ReasonRef | null;
  lostReasonText: string | null;
  wonDate: string | null;
  isActive: boolean;
}

const view = (s: Moving): Record<string, HistoryValue> => ({
  stage: s.stage.name,
  probability: s.probability,
  lostReason: s.lostReason?.name ?? null,
  lostReasonText: s.lostReasonText,
  wonDate: s.wonDate,
  isActive: s.isActive ? 'ACTIVE' : 'INACTIVE',
});
/** deal-write's HISTORY_FIELDS, those a move or a deactivation can change, in its order. */
const MOVE_FIELDS = ['stage', 'probability', 'lostReason', 'lostReasonText', 'wonDate', 'isActive'] as const;
/** The column order of deal-write's moveColumns, then is_active, with their form field names. */
const FORM_FIELDS: [keyof Moving, string, (s: Moving) => unknown][] = [
  ['stage', 'stageId', (s) => s.stage.id],
  ['probability', 'probability', (s) => s.probability],
  ['lostReason', 'lostReasonId', (s) => s.lostReason?.id ?? null],
  ['lostReasonText', 'lostReasonText', (s) => s.lostReasonText],
  ['wonDate', 'wonDate', (s) => s.wonDate],
  ['isActive', 'isActive', (s) => s.isActive],
];

/**
 * Turns a deal's story into what createDeal and then writeDeal, once per move, would have stored:
 * the row as created (version 1, a 'created' entry naming its title), then for each move the changed
 * columns, the version plus one with each changed field's version, the mover as `updated_by_id`,
 * the update time, and one 'edited' entry per changed field.
 */
class DealLife {
  version = 1;
  fieldVersions: Record<string, number> = {};
  updatedMs: number;
  updatedBy: number | null = null;
  history: DealWrite['history'] = [];

  constructor(
    public state: Moving,
    createdMs: number,
    creator: number,
    title: string,
  ) {
    this.updatedMs = createdMs;
    this.push(creator, createdMs, [{ kind: 'created', field: null, oldValue: null, newValue: title }]);
  }

  write(userId: number, atMs: number, next: Moving): void {
    const before = this.state;
    const changed = FORM_FIELDS.filter(([, , value]) => value(before) !== value(next)).map(
      ([, field]) => field,
    );
    if (changed.length === 0) return;
    this.version += 1;
    for (const field of changed) this.fieldVersions[field] = this.version;
    this.updatedMs = atMs;
    this.updatedBy = userId;
    this.state = next;
    this.push(userId, atMs, changedFields(view(before), view(next), MOVE_FIELDS));
  }

  private push(userId: number, atMs: number, entries: HistoryEntryWrite[]): void {
    const at = iso(atMs);
    for (const entry of entries) {
      this.history.push({
        kind: entry.kind,
        field: entry.field,
        old_value: entry.oldValue,
        new_value: entry.newValue,
        user_id: userId,
        created_at: at,
      });
    }
  }
}

/** As deal-write's resolveLines stores a line. */
function lineRow(line: PlannedLine, position: number): DealWrite['lines'][number] {
  const unitPrice = line.unitPricePence ?? line.product.defaultPricePence;
  return {
    position,
    product_id: line.product.id,
    quantity: line.quantity,
    unit_price_pence: unitPrice,
    discount_bp: line.discountBp,
    line_total_pence: lineTotalMinor({
      quantity: line.quantity,
      unitPriceMinor: unitPrice,
      discountBp: line.discountBp,
    }),
  };
}

/** The stages a deal passed through, in order, for its outcome. */
function stagePath(rng: Rng, outcome: Outcome, pipeline: Pipeline): StageRef[] {
  const open = pipeline.open;
  if (outcome.kind === 'open') return openPath(rng, outcome.stage).map((i) => open[i]!);
  if (outcome.kind === 'lost') return [...openPath(rng, outcome.from).map((i) => open[i]!), pipeline.lost];
  // A won deal went most of the way first: usually through negotiation.
  const reached = rng.chance(0.75) ? open.length - 1 : rng.int(0, open.length - 1);
  return [...openPath(rng, reached).map((i) => open[i]!), pipeline.won];
}

/** Notes come from a short list of texts: each is sanitised (as the notes route stores it) once. */
const sanitised = new Map<string, string>();
function noteHtml(text: string): string {
  let html = sanitised.get(text);
  if (html === undefined) {
    html = sanitizeRichText(`<p>${text}</p>`);
    sanitised.set(text, html);
  }
  return html;
}

/** Owners and assignees: people hired before the deal, an admin for deactivations. */
interface People {
  users: ExistingAt<StaffUser>;
  admins: ExistingAt<StaffUser>;
  active: ReadonlySet<number>;
}

/**
 * One deal of a contact. The owner is usually whoever the contact is assigned to; the assignee the
 * owner, or a colleague for one in six. Moves are made by the assignee (or the owner); a few deals
 * (2%) were deactivated by an admin since. The partner is the contact's, the source the contact's
 * (Referral for a partner's contact).
 */
function planDeal(
  rng: Rng,
  contact: DealContact,
  pipeline: Pipeline,
  products: ProductsByType,
  people: People,
  untilMs: number,
  noteShare: number,
): DealWrite {
  const outcome = pickOutcome(rng, contact.type, pipeline.open.length);
  const path = stagePath(rng, outcome, pipeline);
  const time = planTimeline(rng, outcome, path.length, contact.createdMs, untilMs);
  const owner =
    contact.assigneeId !== null && people.active.has(contact.assigneeId) && rng.chance(0.8)
      ? contact.assigneeId
      : people.users.pickAt(rng, time.createdMs).id;
  const assignee = rng.chance(1 / 6) ? people.users.pickAt(rng, time.createdMs).id : owner;
  const { lines, enteredPence, what } = planLines(
    rng,
    products,
    outcome.kind === 'open' && outcome.stage === 0,
  );
  const lineRows = lines.map((line, i) => lineRow(line, i + 1));
  const title = dealTitle(what, contact.surname);
  const first = pipeline.open[0]!;
  const life = new DealLife(
    {
      stage: first,
      probability: first.probability,
      lostReason: null,
      lostReasonText: null,
      wonDate: null,
      isActive: true,
    },
    time.createdMs,
    owner,
    title,
  );
  const notes: DealWrite['notes'] = [];
  const addNote = (text: string, userId: number, atMs: number) => {
    const at = iso(Math.min(atMs + rng.int(1, 30) * 60_000, untilMs - 1000));
    notes.push({
      content: noteHtml(text),
      user_id: userId,
      is_active: 1,
      created_at: at,
      updated_at: at,
    });
  };
  if (rng.chance(noteShare)) addNote(openingNote(rng), owner, time.createdMs);
  for (const [i, stage] of path.entries()) {
    const atMs = time.movesMs[i]!;
    const mover = rng.chance(0.7) ? assignee : owner;
    const last = i === path.length - 1;
    // One open deal in ten has a probability of its own, typed on its last move.
    const probability =
      last && stage.kind === 'open' && rng.chance(0.1)
        ? Math.max(0, Math.min(100, stage.probability + rng.pick([-10, -5, 5, 10, 15])))
        : stage.probability;
    const reason = stage.kind === 'lost' ? rng.weighted(pipeline.reasons) : null;
    const reasonText = reason ? lostText(rng, reason.name) : null;
    life.write(mover, atMs, {
      stage,
      probability,
      lostReason: reason,
      lostReasonText: reasonText,
      wonDate: stage.kind === 'won' ? todayIso(new Date(atMs)) : null,
      isActive: true,
    });
    if (rng.chance(noteShare))
      addNote(stageNote(rng, stage, pipeline.open.indexOf(stage), reasonText), mover, atMs);
  }
  if (rng.chance(0.02)) {
    const atMs = Math.min(life.updatedMs + rng.int(1, 30) * 86_400_000, untilMs - 1000);
    const admin = people.admins.maybePickAt(rng, atMs);
    if (admin && atMs > life.updatedMs) life.write(admin.id, atMs, { ...life.state, isActive: false });
  }
  const s = life.state;
  return {
    row: {
      title,
      title_key: foldCase(title),
      title_fold: searchFold(title),
      contact_id: contact.id,
      agency_id: contact.agencyId,
      owner_id: owner,
      assigned_to_id: assignee,
      stage_id: s.stage.id,
      probability: s.probability,
      amount_pence: dealAmountMinor(
        lineRows.map((line) => Number(line.line_total_pence)),
        enteredPence,
      ),
      expected_close_date: time.expectedCloseDate,
      source: contact.source ?? (contact.agencyId !== null ? 'Referral' : null),
      lost_reason_id: s.lostReason?.id ?? null,
      lost_reason_text: s.lostReasonText,
      won_date: s.wonDate,
      is_active: s.isActive ? 1 : 0,
      created_by_id: owner,
      created_at: iso(time.createdMs),
      updated_at: iso(life.updatedMs),
      version: life.version,
      field_versions: JSON.stringify(life.fieldVersions),
      updated_by_id: life.updatedBy,
    },
    lines: lineRows,
    history: life.history,
    notes,
  };
}

async function loadPipeline(ctx: SeedContext): Promise<Pipeline> {
  const stages = await ctx.db
    .selectFrom('deal_stages')
    .select(['id', 'name', 'probability', 'kind', 'is_active'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const refs = stages.map((s) => ({ ...s, kind: s.kind as StageRef['kind'] }));
  const open = refs.filter((s) => s.kind === 'open' && s.is_active === 1);
  const won = refs.find((s) => s.kind === 'won');
  const lost = refs.find((s) => s.kind === 'lost');
  const reasons = await ctx.db
    .selectFrom('deal_lost_reasons')
    .select(['id', 'name'])
    .where('is_active', '=', 1)
    .orderBy('position')
    .execute();
  if (open.length === 0 || !won || !lost || reasons.length === 0)
    throw new Error('Deals need an active open stage, Won, Lost and an active lost reason (migration 0027)');
  return {
    open,
    won,
    lost,
    reasons: reasons.map((value) => ({ value, weight: LOST_REASON_WEIGHTS[value.name] ?? 10 })),
  };
}

/** The active products a line may name, with the price deal-write would default a line to. */
async function loadProducts(ctx: SeedContext): Promise<ProductsByType> {
  const rows = await ctx.db
    .selectFrom('products')
    .select(['id', 'title', 'product_type', 'sale_price_pence', 'annual_price_pence', 'term_price_pence'])
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const all: ProductRef[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.product_type as ProductRef['type'],
    defaultPricePence: Number(row.sale_price_pence ?? row.annual_price_pence ?? row.term_price_pence ?? 0),
  }));
  return {
    all,
    realEstate: all.filter((p) => p.type === 'REAL_ESTATE'),
    dormitory: all.filter((p) => p.type === 'DORMITORY'),
    maintenance: all.filter((p) => p.type === 'MAINTENANCE'),
    used: new Set(),
  };
}

const CONTACTS_PER_READ = 2000;

/** The contacts in id order, a page at a time (a million do not sit in memory at once). */
async function* contactPages(ctx: SeedContext): AsyncGenerator<DealContact[]> {
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .selectFrom('contacts')
      .select(['id', 'type', 'surname', 'created_at', 'agency_id', 'assigned_to_id', 'source', 'is_active'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(CONTACTS_PER_READ)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    yield rows.map((row) => ({
      id: row.id,
      type: row.type,
      surname: row.surname,
      createdMs: Date.parse(row.created_at),
      agencyId: row.agency_id,
      assigneeId: row.assigned_to_id,
      source: SOURCES.find((source) => source === row.source) ?? null,
    }));
  }
}

/**
 * How many deals the next contact gets so that `remaining` deals spread over `contactsLeft`
 * contacts come out exact: most get none or one, a few two or three (a second property, a renewal).
 */
function dealsForContact(rng: Rng, remaining: number, contactsLeft: number): number {
  if (contactsLeft <= 1) return remaining;
  const rate = remaining / contactsLeft;
  const whole = Math.floor(rate);
  const part = rate - whole;
  const extra = rng.chance(part * 0.1) ? 2 : rng.chance(part * 0.8) ? 1 : 0;
  return Math.min(remaining, whole + extra);
}

/** Deals, their lines and history in one transaction per page of contacts, each insert under the engines' limits. */
async function writeDeals(
  ctx: SeedContext,
  deals: DealWrite[],
): Promise<{ lines: number; history: number; notes: number }> {
  const dealRows = batchFor(25, ctx.batch).rowsPerInsert!;
  const childRows = batchFor(8, ctx.batch).rowsPerInsert!;
  let lines = 0;
  let history = 0;
  let notes = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (let start = 0; start < deals.length; start += dealRows) {
      const chunk = deals.slice(start, start + dealRows);
      const ids = await trx
        .insertInto('deals')
        .values(chunk.map((deal) => deal.row))
        .returning('id')
        .execute();
      if (ids.length !== chunk.length) throw new Error(`Inserted ${ids.length} deals of ${chunk.length}`);
      const lineRows = chunk.flatMap((deal, i) =>
        deal.lines.map((line) => ({ ...line, deal_id: ids[i]!.id })),
      );
      const historyRows = chunk.flatMap((deal, i) =>
        deal.history.map((entry) => ({ ...entry, deal_id: ids[i]!.id })),
      );
      for (let at = 0; at < lineRows.length; at += childRows)
        await trx
          .insertInto('deal_lines')
          .values(lineRows.slice(at, at + childRows))
          .execute();
      for (let at = 0; at < historyRows.length; at += childRows)
        await trx
          .insertInto('deal_history')
          .values(historyRows.slice(at, at + childRows))
          .execute();
      const noteRows = chunk.flatMap((deal, i) =>
        deal.notes.map((note) => ({ ...note, deal_id: ids[i]!.id, contact_id: null, agency_id: null })),
      );
      for (let at = 0; at < noteRows.length; at += childRows)
        await trx
          .insertInto('notes')
          .values(noteRows.slice(at, at + childRows))
          .execute();
      lines += lineRows.length;
      history += historyRows.length;
      notes += noteRows.length;
    }
  });
  return { lines, history, notes };
}

/**
 * `count` deals over the contacts (by default 0.3 per contact), each stored as the one write path
 * stores it: folded title twins, amounts in pence from its lines (the products' prices) or typed,
 * its stage moves with versions and history, a note on some moves (every one in the demo data).
 * See deal-plan.ts for the spread of stages and dates.
 */
export async function seedDeals(ctx: SeedContext, count: number): Promise<SeedResult> {
  const started = performance.now();
  if (count === 0) return { table: 'deals', rows: 0, ms: 0 };
  const rng = ctx.rng.fork('deals');
  const pipeline = await loadPipeline(ctx);
  const products = await loadProducts(ctx);
  const users = await loadActiveUsers(ctx.db);
  const people: People = {
    users: new ExistingAt(users),
    admins: new ExistingAt(users.filter((user) => user.role === 'admin')),
    active: new Set(users.map((user) => user.id)),
  };
  const contactCount = Number(
    (
      await ctx.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (contactCount === 0) throw new Error('Deals need contacts: seed contacts first');
  const untilMs = ctx.until.getTime();
  let remaining = count;
  let contactsLeft = contactCount;
  let lines = 0;
  let history = 0;
  let notes = 0;
  // The demo data notes every move, so each deal tells its story; a large data set one in four.
  const noteShare = ctx.demo ? 1 : 0.25;
  for await (const page of contactPages(ctx)) {
    const deals: DealWrite[] = [];
    for (const contact of page) {
      const n = dealsForContact(rng, remaining, contactsLeft);
      for (let i = 0; i < n; i++)
        deals.push(planDeal(rng, contact, pipeline, products, people, untilMs, noteShare));
      remaining -= n;
      contactsLeft -= 1;
    }
    if (deals.length > 0) {
      const written = await writeDeals(ctx, deals);
      lines += written.lines;
      history += written.history;
      notes += written.notes;
    }
    if (remaining === 0) break;
  }
  // Lines, history and notes go in with their deals, in the same transactions: one time for the three.
  const ms = performance.now() - started;
  return {
    table: 'deals',
    rows: count - remaining,
    ms,
    also: [
      { table: 'deal_lines', rows: lines, ms },
      { table: 'deal_history', rows: history, ms },
      { table: 'notes (of deals)', rows: notes, ms },
    ],
  };
}
