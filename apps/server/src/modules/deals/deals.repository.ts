import { type ListQuery, searchFold } from '@crm/domain';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { startsWith } from '../../db/key-match.js';
import { listPage } from '../../db/list-page.js';
import { type ListSpec, likePattern, listConditions } from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import { prepared } from '../../db/prepared.js';
import type { DealLinesTable, DealsTable } from '../../db/schema.js';
import type { HistoryEntryWrite } from '../history/history.repository.js';
import { nextVersion } from '../versions/versions.repository.js';
import type { StageRow } from './deal-stages.repository.js';

/**
 * A deal with the names it shows (its contact, partner, people, stage and lost reason), read in one
 * query, as the products read their company's name.
 */
function dealsJoined(db: Db) {
  return db
    .selectFrom('deals')
    .innerJoin('deal_stages as stage', 'stage.id', 'deals.stage_id')
    .innerJoin('contacts as contact', 'contact.id', 'deals.contact_id')
    .innerJoin('users as owner', 'owner.id', 'deals.owner_id')
    .leftJoin('users as assignee', 'assignee.id', 'deals.assigned_to_id')
    .leftJoin('agencies as agency', 'agency.id', 'deals.agency_id')
    .leftJoin('deal_lost_reasons as reason', 'reason.id', 'deals.lost_reason_id');
}

const dealColumns = [
  'deals.id',
  'deals.title',
  // Read so that a write compares them too: a form that keeps the title changes none of the three.
  'deals.title_key',
  'deals.title_fold',
  'deals.contact_id',
  'deals.agency_id',
  'deals.owner_id',
  'deals.assigned_to_id',
  'deals.stage_id',
  'deals.probability',
  'deals.amount_pence',
  'deals.expected_close_date',
  'deals.source',
  'deals.lost_reason_id',
  'deals.lost_reason_text',
  'deals.won_date',
  'deals.is_active',
  'deals.created_at',
  'deals.updated_at',
  'deals.version',
  'stage.name as stage_name',
  'stage.kind as stage_kind',
  'contact.name as contact_name',
  'contact.surname as contact_surname',
  'contact.type as contact_type',
  'owner.name as owner_name',
  'assignee.name as assignee_name',
  'agency.name as agency_name',
  'reason.name as lost_reason_name',
] as const;

export type DealRow = NonNullable<Awaited<ReturnType<typeof findDeal>>>;

const dealById = prepared((db: Db, id: number) =>
  dealsJoined(db).select(dealColumns).where('deals.id', '=', id),
);

export async function findDeal(db: Db, id: number) {
  return (await dealById(db, id))[0];
}

/** Whose deals a plain user sees: the ones they own or are assigned, active ones only. */
export function ownDeals(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`deals.is_active = 1 and (deals.owner_id = ${userId} or deals.assigned_to_id = ${userId})`;
}

/** Deals with a line of the product (the board's product filter; `deal_lines` is keyed by deal). */
export function hasProductLine(productId: number): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from deal_lines where deal_lines.deal_id = deals.id and deal_lines.product_id = ${productId})`;
}

const titleSearch = (q: string) =>
  sql<SqlBool>`deals.title_fold like ${likePattern(searchFold(q))} escape '\\'`;

export const dealListSpec: ListSpec = {
  columns: {
    title: {
      expr: 'deals.title_key',
      kind: 'text',
      ignoreCase: true,
      folded: true,
      twin: 'deals.title_fold',
    },
    ownerId: { expr: 'deals.owner_id', kind: 'number' },
    assignedToId: { expr: 'deals.assigned_to_id', kind: 'number' },
    agencyId: { expr: 'deals.agency_id', kind: 'number' },
    contactId: { expr: 'deals.contact_id', kind: 'number' },
    stageId: { expr: 'deals.stage_id', kind: 'number' },
    probability: { expr: 'deals.probability', kind: 'number' },
    amount: { expr: 'deals.amount_pence', kind: 'number', scale: 100 },
    // A month ("contains:2026-12") is a range of the index: the dates are ISO.
    expectedCloseDate: { expr: 'deals.expected_close_date', kind: 'text', isoTime: true },
    // The report's won months and loss reasons open the list filtered by these.
    wonDate: { expr: 'deals.won_date', kind: 'text', isoTime: true },
    lostReasonId: { expr: 'deals.lost_reason_id', kind: 'number' },
    isActive: { expr: 'deals.is_active', kind: 'boolean' },
    createdAt: { expr: 'deals.created_at', kind: 'text', isoTime: true, notNull: true },
    updatedAt: { expr: 'deals.updated_at', kind: 'text', isoTime: true, notNull: true },
  },
  search: [],
  searchCondition: titleSearch,
  idExpr: 'deals.id',
  table: 'deals',
  defaultSort: { column: 'updatedAt', order: 'desc' },
};

export async function listDeals(db: Db, query: ListQuery, scope: Expression<SqlBool>[]) {
  return listPage(db, dealsJoined(db).select(dealColumns), query, dealListSpec, { conditions: scope });
}

/** The list's select and conditions (its filters and the caller's scope), for streaming every row (exports). */
export function dealListSource(db: Db, query: ListQuery, scope: Expression<SqlBool>[]): ListSource<DealRow> {
  return {
    select: dealsJoined(db).select(dealColumns),
    conditions: [...listConditions(db, query, dealListSpec), ...scope],
    spec: dealListSpec,
  };
}

/**
 * What a card shows: the deal's columns and names without the ones only a write compares (the
 * title's keys) or that every card of a column shares (its stage, which the caller has read). A
 * column's page is the board's most frequent read, and each column left out is 50 values fewer.
 */
const cardColumns = dealColumns.filter(
  (column) =>
    column !== 'deals.title_key' &&
    column !== 'deals.title_fold' &&
    column !== 'stage.name as stage_name' &&
    column !== 'stage.kind as stage_kind',
) as Exclude<
  (typeof dealColumns)[number],
  'deals.title_key' | 'deals.title_fold' | 'stage.name as stage_name' | 'stage.kind as stage_kind'
>[];

/** A board column: the cards after the cursor (the last card's update time and id), newest first. */
export async function boardCards(
  db: Db,
  stage: Pick<StageRow, 'id' | 'name' | 'kind'>,
  scope: Expression<SqlBool>[],
  after: { updatedAt: string; id: number } | undefined,
  limit: number,
) {
  let qb = db
    .selectFrom('deals')
    .innerJoin('contacts as contact', 'contact.id', 'deals.contact_id')
    .innerJoin('users as owner', 'owner.id', 'deals.owner_id')
    .leftJoin('users as assignee', 'assignee.id', 'deals.assigned_to_id')
    .leftJoin('agencies as agency', 'agency.id', 'deals.agency_id')
    .leftJoin('deal_lost_reasons as reason', 'reason.id', 'deals.lost_reason_id')
    .select(cardColumns)
    .where('deals.stage_id', '=', stage.id)
    .where('deals.is_active', '=', 1);
  for (const condition of scope) qb = qb.where(condition);
  if (after) qb = qb.where(sql<SqlBool>`(deals.updated_at, deals.id) < (${after.updatedAt}, ${after.id})`);
  const rows = await qb
    .orderBy('deals.updated_at', 'desc')
    .orderBy('deals.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, stage_name: stage.name, stage_kind: stage.kind }));
}

export type DealCardRow = Awaited<ReturnType<typeof boardCards>>[number];

/** A board column's count, total and total weighted by each deal's probability (pence). */
export async function boardTotals(db: Db, stageId: number, scope: Expression<SqlBool>[]) {
  let qb = db
    .selectFrom('deals')
    .select([
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(deals.amount_pence), 0)`.as('amount'),
      sql<number>`coalesce(sum(deals.amount_pence * deals.probability), 0)`.as('weighted'),
    ])
    .where('deals.stage_id', '=', stageId)
    .where('deals.is_active', '=', 1);
  for (const condition of scope) qb = qb.where(condition);
  const row = await qb.executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    amountPence: Number(row.amount),
    weightedPence: Math.round(Number(row.weighted) / 100),
  };
}

/**
 * A column's totals over every active deal of the stage, as the triggers of migration 0033 keep
 * them: one row, whatever the column's size. The same figures (and rounding) as `boardTotals`
 * without a scope; a stage with no deal yet has no row.
 */
export async function stageTotals(db: Db, stageId: number) {
  const row = await db
    .selectFrom('deal_stage_totals')
    .select(['n', 'amount_pence', 'weighted'])
    .where('stage_id', '=', stageId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return {
    count: Number(row?.n ?? 0),
    amountPence: Number(row?.amount_pence ?? 0),
    weightedPence: Math.round(Number(row?.weighted ?? 0) / 100),
  };
}

export async function insertDeal(db: Db, values: Insertable<DealsTable>): Promise<number> {
  const { id } = await db.insertInto('deals').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every update adds one to the version in the same statement. */
export async function updateDeal(db: Db, id: number, values: Updateable<DealsTable>): Promise<void> {
  await db
    .updateTable('deals')
    .set({ version: nextVersion, ...values })
    .where('id', '=', id)
    .execute();
}

export async function linesOfDeals(db: Db, dealIds: number[]) {
  if (dealIds.length === 0) return [];
  return db
    .selectFrom('deal_lines')
    .innerJoin('products as product', 'product.id', 'deal_lines.product_id')
    .select([
      'deal_lines.deal_id',
      'deal_lines.position',
      'deal_lines.product_id',
      'deal_lines.quantity',
      'deal_lines.unit_price_pence',
      'deal_lines.discount_bp',
      'deal_lines.line_total_pence',
      'product.title as product_title',
    ])
    .where('deal_lines.deal_id', 'in', dealIds)
    .orderBy('deal_lines.deal_id')
    .orderBy('deal_lines.position')
    .execute();
}
export type DealLineRow = Awaited<ReturnType<typeof linesOfDeals>>[number];

export async function replaceDealLines(
  db: Db,
  dealId: number,
  lines: Omit<Insertable<DealLinesTable>, 'deal_id'>[],
): Promise<void> {
  await db.deleteFrom('deal_lines').where('deal_id', '=', dealId).execute();
  if (lines.length > 0)
    await db
      .insertInto('deal_lines')
      .values(lines.map((line) => ({ ...line, deal_id: dealId })))
      .execute();
}

export async function insertDealHistory(
  db: Db,
  dealId: number,
  userId: number | null,
  entries: HistoryEntryWrite[],
  at: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('deal_history')
    .values(
      entries.map((entry) => ({
        deal_id: dealId,
        kind: entry.kind,
        field: entry.field,
        old_value: entry.oldValue,
        new_value: entry.newValue,
        user_id: userId,
        created_at: at,
      })),
    )
    .execute();
}

export async function listDealHistory(db: Db, dealId: number, limit = 500) {
  return db
    .selectFrom('deal_history')
    .leftJoin('users', 'users.id', 'deal_history.user_id')
    .leftJoin('tasks', 'tasks.id', 'deal_history.related_task_id')
    .select([
      'tasks.id as task_id',
      'tasks.title as task_title',
      'deal_history.id',
      'deal_history.kind',
      'deal_history.field',
      'deal_history.old_value',
      'deal_history.new_value',
      'deal_history.created_at',
      'users.name as user_name',
    ])
    .where('deal_history.deal_id', '=', dealId)
    .orderBy('deal_history.created_at', 'desc')
    .orderBy('deal_history.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The products lines name, with what a line needs of each: whether it is active and its price (a
 * sale's, else a year's or a term's). Read here, as the products read their company's name, so that
 * a write reads them inside its own transaction.
 */
export async function productPrices(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'title', 'is_active', 'sale_price_pence', 'annual_price_pence', 'term_price_pence'])
    .where('id', 'in', ids)
    .execute();
}

/** How many deals the palette reads per lookup; the search ranks their union. */
const SEARCH_PER_KEY = 20;

/**
 * Deals the palette finds for a search-folded text: those whose title starts with it, and those
 * whose contact's name (with surname) or surname does, among every deal (`viewer` null: an admin)
 * or a viewer's own active ones. Each lookup is one index range of at most SEARCH_PER_KEY rows, all
 * run as one statement: a viewer's titles from `(owner_id | assigned_to_id, is_active, title_fold)`
 * (migration 0028), so a common word in others' deals is never read; an admin's from `title_fold`;
 * the contacts' from their folded name and surname, then each contact's deals.
 */
export async function findDealsForSearch(db: Db, text: string, viewer: number | null) {
  const engine = engineOf(db);
  const lookup = (...conditions: Expression<SqlBool>[]) => {
    let qb = db
      .selectFrom('deals')
      .innerJoin('contacts as contact', 'contact.id', 'deals.contact_id')
      .innerJoin('deal_stages as stage', 'stage.id', 'deals.stage_id')
      .select([
        'deals.id',
        'deals.title',
        'deals.title_fold',
        'deals.amount_pence',
        'deals.is_active',
        'deals.updated_at',
        'stage.name as stage_name',
        'contact.name as contact_name',
        'contact.surname as contact_surname',
        'contact.name_fold as contact_name_fold',
        'contact.surname_key as contact_surname_key',
      ]);
    for (const condition of conditions) qb = qb.where(condition);
    return qb.limit(SEARCH_PER_KEY);
  };
  const title = startsWith(engine, 'deals.title_fold', text);
  const byContact = [
    startsWith(engine, 'contact.name_fold', text),
    startsWith(engine, 'contact.surname_key', text),
  ];
  const lookups =
    viewer === null
      ? [lookup(title), ...byContact.map((condition) => lookup(condition))]
      : [
          lookup(sql<SqlBool>`deals.owner_id = ${viewer} and deals.is_active = 1`, title),
          lookup(sql<SqlBool>`deals.assigned_to_id = ${viewer} and deals.is_active = 1`, title),
          ...byContact.map((condition) => lookup(condition, ownDeals(viewer))),
        ];
  const [first, ...rest] = lookups.map((qb, i) => db.selectFrom(qb.as(`k${i}`)).selectAll());
  let all = first!;
  for (const next of rest) all = all.unionAll(next);
  return all.execute();
}
export type DealSearchRow = Awaited<ReturnType<typeof findDealsForSearch>>[number];

/** The deals of one contact or one partner that `scope` keeps, latest change first (at most `limit`). */
export async function dealsOf(
  db: Db,
  link: { contactId: number } | { agencyId: number },
  scope: Expression<SqlBool>[],
  limit: number,
) {
  let qb = dealsJoined(db).select(dealColumns);
  qb =
    'contactId' in link
      ? qb.where('deals.contact_id', '=', link.contactId)
      : qb.where('deals.agency_id', '=', link.agencyId);
  for (const condition of scope) qb = qb.where(condition);
  return qb.orderBy('deals.updated_at', 'desc').orderBy('deals.id', 'desc').limit(limit).execute();
}

/** The sum of the amounts (pence) of a partner's active won deals that `scope` keeps. */
export async function wonAmountOfAgency(
  db: Db,
  agencyId: number,
  scope: Expression<SqlBool>[],
): Promise<number> {
  let qb = db
    .selectFrom('deals')
    .innerJoin('deal_stages as stage', 'stage.id', 'deals.stage_id')
    .select(sql<number>`coalesce(sum(deals.amount_pence), 0)`.as('amount'))
    .where('deals.agency_id', '=', agencyId)
    .where('deals.is_active', '=', 1)
    .where('stage.kind', '=', 'won');
  for (const condition of scope) qb = qb.where(condition);
  return Number((await qb.executeTakeFirstOrThrow()).amount);
}

/** Every deal a partner referred, active or not (a merge of partners moves them all). */
export async function dealIdsOfAgency(db: Db, agencyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('deals')
    .select('id')
    .where('agency_id', '=', agencyId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Every deal of a contact, active or not (a merge moves them all). */
export async function dealIdsOfContact(db: Db, contactId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('deals')
    .select('id')
    .where('contact_id', '=', contactId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
