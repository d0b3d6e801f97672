import {
  agencyMessages,
  contactMessages,
  type DealForm,
  type DealStageMove,
  fromMinor,
  type ListQuery,
  dealMessages as m,
} from '@crm/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import type { ListExport } from '../../db/list-stream.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { agencyNameAndState } from '../agencies/agency-reads.js';
import { contactBrief } from '../contacts/contact-reads.js';
import type { HistoryEntry } from '../history/history.schemas.js';
import { inWrite } from '../records/write-scope.js';
import { refusingStale } from '../versions/versions.service.js';
import { type Deal, type DealListRow, toDeal, toDealListRow, toDealStage } from './deal-mapper.js';
import { findStage } from './deal-stages.repository.js';
import { createDeal, type DealWritten, installationCurrency, maySeeDeal, writeDeal } from './deal-write.js';
import {
  boardCards,
  boardTotals,
  type DealRow,
  dealListSource,
  dealListSpec,
  dealsOf,
  findDeal,
  hasProductLine,
  linesOfDeals,
  listDealHistory,
  listDeals,
  ownDeals,
  stageTotals,
  wonAmountOfAgency,
} from './deals.repository.js';

export type { Deal, DealListRow } from './deal-mapper.js';

export { installationCurrency } from './deal-write.js';

async function visibleDeal(ctx: AppContext, actor: Actor, id: number) {
  const row = await findDeal(ctx.db, id);
  if (!row || !maySeeDeal(actor, row)) throw notFound(m.dealNotFound);
  return row;
}

/** A deal's notes, files and tasks are reached only by those who may see the deal ("Deal not found."). */
export async function ensureDealVisible(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await visibleDeal(ctx, actor, id);
}

export async function dealDetail(ctx: AppContext, actor: Actor, id: number): Promise<Deal> {
  const row = await visibleDeal(ctx, actor, id);
  return toDeal(row, await linesOfDeals(ctx.db, [id]), await installationCurrency(ctx.db));
}

/**
 * A write's answer: the deal as the write read it back inside its transaction, so that a move costs
 * no second read of the deal and its lines. `writeDeal` refuses a deal its writer may not see
 * before changing anything; the check here covers a write that took the deal out of sight.
 */
function writtenDetail(actor: Actor, written: DealWritten, currency: string): Deal {
  if (!maySeeDeal(actor, written.row)) throw notFound(m.dealNotFound);
  return toDeal(written.row, written.lines, currency);
}

/** What a plain user's lists and board hold: their own active deals. "Mine" narrows an admin's alike. */
function scopeOf(actor: Actor, mine: boolean): Expression<SqlBool>[] {
  return !isAdmin(actor) || mine ? [ownDeals(actor.user.id)] : [];
}

const truthy = (value: unknown) => value === 'true' || value === '1';

/**
 * A page of deals: plain users' own, admins' all; active ones unless an admin filters by status.
 * Filters: owner, partner, stage, close month (`filter.expectedCloseDate=contains:2026-12`), `mine`.
 */
export async function listDealsFor(
  ctx: AppContext,
  actor: Actor,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<DealListRow>> {
  const query = parseListQuery(rawQuery, dealListSpec);
  const page = await listDeals(ctx.db, query, listScope(actor, rawQuery, query));
  return { ...page, rows: page.rows.map(toDealListRow) };
}

function listScope(actor: Actor, rawQuery: Record<string, unknown>, query: ListQuery): Expression<SqlBool>[] {
  const scope = scopeOf(actor, truthy(rawQuery.mine));
  if (!isAdmin(actor) || query.filters.isActive === undefined) scope.push(sql<SqlBool>`deals.is_active = 1`);
  return scope;
}

/** Every deal of the list the caller asked for (the same filters and scope), as an export streams it. */
export async function dealListExport(
  ctx: AppContext,
  actor: Actor,
  rawQuery: Record<string, unknown>,
): Promise<ListExport<DealRow, DealListRow>> {
  const query = parseListQuery(rawQuery, dealListSpec);
  const { total } = await listDealsFor(ctx, actor, { ...rawQuery, limit: '1', offset: '0' });
  return {
    total,
    source: dealListSource(ctx.db, query, listScope(actor, rawQuery, query)),
    query,
    toView: toDealListRow,
  };
}

export async function createDealFor(ctx: AppContext, actor: Actor, form: DealForm): Promise<Deal> {
  const id = await inWrite(ctx, actor, (w) => createDeal(w, form));
  return dealDetail(ctx, actor, id);
}

/** The form replaces every field; a form sent against an older version is refused when a field it changes was changed since. */
export async function updateDealForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: DealForm,
  version: number | undefined,
): Promise<Deal> {
  const currency = await installationCurrency(ctx.db);
  const written = await refusingStale(
    () => inWrite(ctx, actor, (w) => writeDeal(w, id, { form, version }, currency)),
    () => dealDetail(ctx, actor, id),
  );
  return writtenDetail(actor, written, currency);
}

/** A card moved to another column (or given another probability in its own). */
export async function moveDeal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  move: DealStageMove,
  version: number | undefined,
): Promise<Deal> {
  const currency = await installationCurrency(ctx.db);
  const written = await refusingStale(
    () => inWrite(ctx, actor, (w) => writeDeal(w, id, { move, version }, currency)),
    () => dealDetail(ctx, actor, id),
  );
  return writtenDetail(actor, written, currency);
}

export async function dealHistory(ctx: AppContext, actor: Actor, id: number): Promise<HistoryEntry[]> {
  await visibleDeal(ctx, actor, id);
  const rows = await listDealHistory(ctx.db, id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    field: row.field,
    oldValue: row.old_value,
    newValue: row.new_value,
    timestamp: row.created_at,
    user: row.user_name === null ? null : { name: row.user_name },
    contact: null,
    ...(row.task_id !== null && row.task_title !== null
      ? { task: { id: row.task_id, title: row.task_title } }
      : {}),
  }));
}

export const BOARD_PAGE = 50;

export const boardQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  mine: z.enum(['true', 'false', '1', '0'], { error: 'mine must be true or false' }).optional(),
  ownerId: z.coerce.number({ error: 'ownerId must be an id' }).int().positive().max(2_147_483_647).optional(),
  agencyId: z.coerce
    .number({ error: 'agencyId must be an id' })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
  closeMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'closeMonth must read YYYY-MM' })
    .optional(),
  productId: z.coerce
    .number({ error: 'productId must be an id' })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
});
export type BoardQuery = z.output<typeof boardQuerySchema>;

const cursorSchema = z.tuple([z.string().max(40), z.number().int().positive()]);

function readCursor(cursor: string | undefined): { updatedAt: string; id: number } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [updatedAt, id] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { updatedAt, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * A board column: its first (or next) 50 cards, newest change first, and the column's count,
 * total and weighted total over every card the filters keep (not only this page).
 */
export async function boardColumn(ctx: AppContext, actor: Actor, stageId: number, query: BoardQuery) {
  const stage = await findStage(ctx.db, stageId);
  if (!stage) throw notFound(m.stageNotFound);
  const scope = scopeOf(actor, query.mine === 'true' || query.mine === '1');
  if (query.ownerId !== undefined) scope.push(sql<SqlBool>`deals.owner_id = ${query.ownerId}`);
  if (query.agencyId !== undefined) scope.push(sql<SqlBool>`deals.agency_id = ${query.agencyId}`);
  if (query.productId !== undefined) scope.push(hasProductLine(query.productId));
  if (query.closeMonth !== undefined) {
    scope.push(
      sql<SqlBool>`deals.expected_close_date >= ${`${query.closeMonth}-01`} and deals.expected_close_date < ${`${nextMonth(query.closeMonth)}-01`}`,
    );
  }
  const rows = await boardCards(ctx.db, stage, scope, readCursor(query.cursor), BOARD_PAGE);
  // A column nothing narrows (an admin's, unfiltered) reads the totals the triggers keep; a narrowed
  // one sums its own deals.
  const totals =
    scope.length === 0 ? await stageTotals(ctx.db, stageId) : await boardTotals(ctx.db, stageId, scope);
  const last = rows.length === BOARD_PAGE ? rows.at(-1) : undefined;
  return {
    stage: toDealStage(stage),
    count: totals.count,
    totalAmount: totals.amountPence / 100,
    weightedTotal: totals.weightedPence / 100,
    currency: await installationCurrency(ctx.db),
    cards: rows.map(toDealListRow),
    nextCursor: last ? Buffer.from(JSON.stringify([last.updated_at, last.id])).toString('base64url') : null,
  };
}

/** How many deals a contact's or partner's Deals tab shows, latest change first. */
export const RECORD_DEALS_LIMIT = 500;

/** Whose deals a contact's or partner's tab shows: a plain user's own active ones, an admin's all. */
const tabScope = (actor: Actor): Expression<SqlBool>[] => (isAdmin(actor) ? [] : [ownDeals(actor.user.id)]);

/** A contact's Deals tab. An inactive contact is not found for plain users, as its own page is. */
export async function contactDeals(ctx: AppContext, actor: Actor, contactId: number) {
  const contact = await contactBrief(ctx.db, contactId);
  if (!contact || (!contact.isActive && !isAdmin(actor))) throw notFound(contactMessages.contactNotFound);
  const rows = await dealsOf(ctx.db, { contactId }, tabScope(actor), RECORD_DEALS_LIMIT);
  return { deals: rows.map(toDealListRow), currency: await installationCurrency(ctx.db) };
}

/**
 * A partner's Deals tab: the deals it referred, the revenue they brought (the amounts of its active
 * won deals) and the commission it earned on them (that revenue × its Commission Rate, rounded to
 * the penny). Plain users' figures count only the deals they see, so no one else's amounts show.
 */
export async function agencyDeals(ctx: AppContext, actor: Actor, agencyId: number) {
  const agency = await agencyNameAndState(ctx.db, agencyId);
  if (!agency) throw notFound(agencyMessages.agencyNotFound);
  const scope = tabScope(actor);
  const rows = await dealsOf(ctx.db, { agencyId }, scope, RECORD_DEALS_LIMIT);
  const revenuePence = await wonAmountOfAgency(ctx.db, agencyId, scope);
  return {
    deals: rows.map(toDealListRow),
    currency: await installationCurrency(ctx.db),
    referredRevenue: fromMinor(revenuePence),
    commissionRate: agency.commissionBp / 100,
    commissionEarned: fromMinor(Math.round((revenuePence * agency.commissionBp) / 10_000)),
  };
}
