import type { ColumnFilter, ListQuery, SortOrder } from '@crm/domain';
import {
  DEFAULT_PAGE_SIZE,
  decodeFilter,
  ID_MAX,
  listParamsSchema,
  SEARCH_FOLDS,
  searchFold,
  TOTAL_CAP,
} from '@crm/domain';
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { z } from 'zod';
import { badRequest } from '../lib/http-errors.js';
import { type Engine, engineOf } from './dialect.js';
import { searchFoldCasedSql, searchFoldSql } from './search-fold.js';

/**
 * How one list column is searched, filtered and sorted. `expr` is trusted SQL written in a
 * repository (a column reference such as `users.name`), never client input.
 */
export interface ListColumn {
  expr: string;
  kind: 'text' | 'boolean' | 'number';
  /** Text columns compare case-insensitively in every mode (the contact and partner lists). */
  ignoreCase?: boolean;
  /**
   * The stored value is already case-folded (a `*_key` column): a case-insensitive filter folds
   * only its Turkish letters (searchFoldSql), not its case.
   */
  folded?: boolean;
  /**
   * The stored value needs no folding (digits): a case-insensitive filter compares it as it is, so
   * an `equals` is a seek of its index.
   */
  searchFolded?: boolean;
  /**
   * The key's search-folded twin, stored beside it and indexed (a `*_fold` column, migrations 0018
   * and 0026): a case-insensitive filter reads it as it is (an `equals` seeks it), while the key
   * itself sorts.
   */
  twin?: string;
  /**
   * A case-insensitive `equals` answered through another index than the column's own (which holds
   * the key unfolded, for sorting): given the search-folded value.
   */
  equals?: (folded: string, engine: Engine) => RawBuilder<SqlBool>;
  /** The column's text is part of the list's search text, so `containsNarrowing` may serve it. */
  inSearchText?: boolean;
  /** Sort by this expression instead (e.g. lower(name) so that case does not split the order). */
  sortExpr?: string;
  /**
   * An ISO 8601 time: a `contains` filter that reads as the start of a date (`2025-03`, `2025-03-1`)
   * can only match at the start, so it is answered as a range of the column's index.
   */
  isoTime?: boolean;
  /**
   * Rows whose time falls in a day interval, for a column whose time is kept elsewhere (the day a
   * contact was converted is in its history). Such a column takes only interval filters and no sort.
   */
  inInterval?: (start: string, end: string) => RawBuilder<SqlBool>;
  /** A number column stored in hundredths (basis points, pence): the filter value is scaled alike. */
  scale?: number;
  /**
   * Never NULL (a creation time): a keyset page after one of its values needs no NULL branch, which
   * would keep the database from reading the page as a range of the sort index.
   */
  notNull?: boolean;
}

export interface ListSpec {
  columns: Record<string, ListColumn>;
  /** Expressions the global search `q` matches, case-insensitively, as substrings. */
  search: string[];
  /** Or a condition of the list's own for `q` (e.g. one served by a full-text index). */
  searchCondition?: (q: string, engine: Engine) => Expression<SqlBool>;
  /**
   * The same test made on each row alone, for a walk along a sort index: a full-text condition
   * there first gathers every match of the index, which for a common word is most of the table.
   */
  searchRowCondition?: (q: string, engine: Engine) => Expression<SqlBool>;
  /**
   * An indexed condition every row whose `inSearchText` column contains `value` meets (a trigram
   * match on the search text): added to the column's own `contains` test, it spares the scan.
   */
  containsNarrowing?: (value: string, engine: Engine) => Expression<SqlBool> | undefined;
  /**
   * The rowids a full-text index answers for the search, or for a `contains` filter it can narrow
   * (SQLite): a narrowed list reads its matches from there, up to the cap (list-page.ts).
   */
  indexedMatches?: (query: ListQuery) => RawBuilder<unknown> | undefined;
  /** Unique tiebreak so that paging is stable, e.g. `users.id`. */
  idExpr: string;
  /** The table the conditions and the sort keys belong to: deep pages and counts read it alone. */
  table: string;
  defaultSort?: { column: string; order: 'asc' | 'desc' };
}

const raw = (expr: string) => sql.raw(expr);

/** A page of a list: its rows, the total (capped beyond TOTAL_CAP) and the next page's cursor. */
export interface ListResult<R> {
  rows: R[];
  total: number;
  capped: boolean;
  nextCursor: string | undefined;
}

export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The letters searchFold may have made of another letter: ş is s, â is a, î (and ı, İ) is i. */
const FOLDED_TO = new Set([...Object.values(SEARCH_FOLDS), 'i']);

/**
 * A LIKE pattern (`%` around it unless `whole`) of search-folded text that every text folding to
 * it matches as stored: each letter another folds to written `_` (any one character), as are the
 * characters `anyAlso` names. "demir" reads `%dem_r%`, which "demîr" and "demir" match.
 */
export function loosePattern(folded: string, whole = false, anyAlso?: (char: string) => boolean): string {
  const ANY = '\u0000';
  const loose = [...folded].map((c) => (FOLDED_TO.has(c) || anyAlso?.(c) ? ANY : c)).join('');
  const escaped = loose.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll(ANY, '_');
  return whole ? escaped : `%${escaped}%`;
}

type Folding = Pick<ListColumn, 'expr' | 'folded' | 'searchFolded' | 'twin'>;

/**
 * A column as a case-insensitive filter or search compares it: search-folded (searchFold) on the
 * database's side, or its twin. The value is folded alike, so "sukru" finds "Şükrü".
 */
function foldedForm(engine: Engine, column: Folding): RawBuilder<unknown> {
  if (column.twin) return raw(column.twin);
  return raw(column.folded ? searchFoldSql(engine, column.expr) : searchFoldCasedSql(engine, column.expr));
}

/**
 * On SQLite a column without a twin is first tested against the loose pattern, which every value
 * that folds to the text matches: most rows fail it and are spared the fold, eight nested replace()
 * calls (a thousand agency keys folded cost 1.5 ms; a walk of names for a page of "demir", 3.5 ms).
 * A stored twin is the folded text already: one test. PostgreSQL folds in one translate(), and a
 * second test would keep it from the folded text's trigram index (the products' titles).
 */
function containsIgnoreCase(engine: Engine, column: Folding, value: string): RawBuilder<SqlBool> {
  const folded = searchFold(value);
  const like = (expr: RawBuilder<unknown>, pattern: string) =>
    sql<SqlBool>`${expr} like ${pattern} escape '\\'`;
  if (column.searchFolded) return like(raw(column.expr), likePattern(folded));
  if (engine === 'postgres' || column.twin) return like(foldedForm(engine, column), likePattern(folded));
  return sql<SqlBool>`(${like(raw(column.expr), loosePattern(folded))} and ${like(foldedForm(engine, column), likePattern(folded))})`;
}

/** An `equals` of the folded value: the twin's index, else the column folded (loosely first, above). */
function equalsIgnoringCase(engine: Engine, column: ListColumn, value: string): RawBuilder<SqlBool> {
  const folded = searchFold(value);
  if (column.equals) return column.equals(folded, engine);
  if (column.twin) return sql<SqlBool>`${raw(column.twin)} = ${folded}`;
  if (column.searchFolded) return sql<SqlBool>`${raw(column.expr)} = ${folded}`;
  const exact = sql<SqlBool>`${foldedForm(engine, column)} = ${folded}`;
  if (engine === 'postgres') return exact;
  return sql<SqlBool>`(${raw(column.expr)} like ${loosePattern(folded, true)} escape '\\' and ${exact})`;
}

function containsExact(engine: Engine, expr: string, value: string): RawBuilder<SqlBool> {
  return engine === 'postgres'
    ? sql<SqlBool>`strpos(${raw(expr)}, ${value}) > 0`
    : sql<SqlBool>`instr(${raw(expr)}, ${value}) > 0`;
}

const DATE_START = /^\d{4}(-(\d{1,2}(-\d{0,2})?)?)?$/;
/** An ISO 8601 interval of days, `2026-11-16/2026-11-23`: from the first day, up to the second. */
const DAY_INTERVAL = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/;

function isDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** The two days of an interval filter, or nothing when the value is not one. */
function dayInterval(value: string): [string, string] | undefined {
  const match = DAY_INTERVAL.exec(value);
  if (!match) return undefined;
  const [, start = '', end = ''] = match;
  if (!isDay(start) || !isDay(end) || start >= end)
    throw badRequest('A date interval must read YYYY-MM-DD/YYYY-MM-DD, its first day before its second');
  return [start, end];
}

function filterCondition(engine: Engine, column: ListColumn, filter: ColumnFilter): RawBuilder<SqlBool> {
  const value = filter.value;
  if (column.kind === 'boolean') {
    if (value !== 'true' && value !== 'false') throw badRequest('A status filter must be true or false');
    return sql<SqlBool>`${raw(column.expr)} = ${value === 'true' ? 1 : 0}`;
  }
  if (column.kind === 'number') {
    if (filter.mode === 'equals') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw badRequest('A number filter needs a number');
      const scaled = n * (column.scale ?? 1);
      // Stored numbers are whole and fit 32 bits; anything else matches nothing rather than erring.
      if (!Number.isInteger(scaled) || Math.abs(scaled) > ID_MAX) return sql<SqlBool>`1 = 0`;
      return sql<SqlBool>`${raw(column.expr)} = ${scaled}`;
    }
    return containsIgnoreCase(
      engine,
      { expr: `cast(${column.expr} as varchar(40))`, searchFolded: true },
      value,
    );
  }
  if (column.isoTime || column.inInterval) {
    // Any mode: an interval is the times from its first day up to, not including, its second.
    const interval = dayInterval(value);
    if (interval && column.inInterval) return column.inInterval(...interval);
    if (interval)
      return sql<SqlBool>`${raw(column.expr)} >= ${interval[0]} and ${raw(column.expr)} < ${interval[1]}`;
    if (column.inInterval) throw badRequest('This filter takes a date interval: YYYY-MM-DD/YYYY-MM-DD');
  }
  if (column.isoTime && filter.mode !== 'equals' && DATE_START.test(value)) {
    // Four digits and a dash occur only at the start of an ISO time: "contains" is "starts with".
    const after = value.slice(0, -1) + String.fromCharCode(value.charCodeAt(value.length - 1) + 1);
    return sql<SqlBool>`${raw(column.expr)} >= ${value} and ${raw(column.expr)} < ${after}`;
  }
  switch (filter.mode) {
    case 'equals':
      return column.ignoreCase
        ? equalsIgnoringCase(engine, column, value)
        : sql<SqlBool>`${raw(column.expr)} = ${value}`;
    case 'contains':
      return column.ignoreCase
        ? containsIgnoreCase(engine, column, value)
        : containsExact(engine, column.expr, value);
    case 'containsIgnoreCase':
      return containsIgnoreCase(engine, column, value);
  }
}

/** Reads `q`, `sort`, `order`, `limit`, `offset` and every `filter.<column>` from a query string. */
export function parseListQuery(query: Record<string, unknown>, spec: ListSpec): ListQuery {
  const parsed = listParamsSchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message ?? 'Invalid list parameters');
  }
  const filters: Record<string, ColumnFilter> = {};
  for (const [key, rawValue] of Object.entries(query)) {
    if (!key.startsWith('filter.')) continue;
    const column = key.slice('filter.'.length);
    if (!Object.hasOwn(spec.columns, column)) throw badRequest(`Unknown filter column: ${column}`);
    if (typeof rawValue !== 'string') throw badRequest(`Give one filter per column: ${column}`);
    const filter = decodeFilter(rawValue);
    if (!filter)
      throw badRequest(`A filter must read <mode>:<value> with mode equals, contains or containsIgnoreCase`);
    filters[column] = filter;
  }
  const { q, sort, order, limit, offset, cursor } = parsed.data;
  // Own keys only: `__proto__`, `constructor` or `toString` would find Object's prototype.
  if (sort !== undefined && (!Object.hasOwn(spec.columns, sort) || spec.columns[sort]?.inInterval))
    throw badRequest(`Unknown sort column: ${sort}`);
  const out: ListQuery = {
    q: q?.trim() || undefined,
    sort: sort ?? spec.defaultSort?.column,
    order: order ?? (sort ? 'asc' : spec.defaultSort?.order),
    filters,
    limit: limit ?? DEFAULT_PAGE_SIZE,
    offset: offset ?? 0,
  };
  if (cursor) {
    decodeCursor(cursor, out);
    out.cursor = cursor;
    out.offset = 0;
  }
  return out;
}

/**
 * A keyset cursor names the last row of a page by its sort key and id, and the sort it belongs to:
 * the next page starts right after that row, however many rows were added or removed before it.
 */
const cursorSchema = z.tuple([
  z.string().nullable(),
  z.enum(['asc', 'desc']),
  z.union([z.string(), z.number()]),
  z.number().int(),
]);
type Cursor = z.infer<typeof cursorSchema>;

function sortOf(query: ListQuery): [string | null, SortOrder] {
  return query.sort ? [query.sort, query.order === 'desc' ? 'desc' : 'asc'] : [null, 'asc'];
}

function decodeCursor(cursor: string, query: ListQuery): Cursor {
  let decoded: Cursor;
  try {
    decoded = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('Invalid cursor');
  }
  const [sort, order] = sortOf(query);
  if (decoded[0] !== sort || decoded[1] !== order)
    throw badRequest('The cursor belongs to another sort order');
  return decoded;
}

/** The sort key of each row comes back under this name, for the next page's cursor. */
const SORT_KEY = 'list_sort_key';

/** The cursor of the page after `rows`, or nothing when this page was the last. */
export function nextCursorOf(rows: readonly object[], query: ListQuery): string | undefined {
  const last = rows.at(-1) as Record<string, unknown> | undefined;
  if (!last || rows.length < query.limit) return undefined;
  const [sort, order] = sortOf(query);
  const key = sort ? last[SORT_KEY] : last.id;
  // A row without a sort key (a null) cannot be sought past; the client pages by offset there.
  if ((typeof key !== 'string' && typeof key !== 'number') || typeof last.id !== 'number') return undefined;
  const cursor: Cursor = [sort, order, key, last.id];
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * How `listConditions` writes the search and the filters: `indexed` (the default) through the
 * list's full-text indexes, for finding the matches; `rows` as tests of each row alone, for walking
 * a sort index until a page of matches is found; `rows-unsearched` likewise but without the search,
 * when the matches are read from the search's own index and joined.
 */
export type ConditionsFor = 'indexed' | 'rows' | 'rows-unsearched';

/**
 * Whether the trigram index of the search text narrows this filter: a `contains` on a column of the
 * search text, and an `equals` on one compared through searchFoldSql, which no index of its own
 * serves (its twin's index, or the column's `equals`, does).
 */
export function narrowsByTrigrams(column: ListColumn, filter: ColumnFilter): boolean {
  if (!column.inSearchText) return false;
  return filter.mode !== 'equals' || (!column.searchFolded && !column.twin && !column.equals);
}

/** The WHERE conditions of a list query: search and filters combine with AND. */
export function listConditions(
  // biome-ignore lint/suspicious/noExplicitAny: works for any schema
  db: Kysely<any>,
  query: ListQuery,
  spec: ListSpec,
  conditionsFor: ConditionsFor = 'indexed',
): Expression<SqlBool>[] {
  const engine = engineOf(db);
  const conditions: Expression<SqlBool>[] = [];
  const q = conditionsFor === 'rows-unsearched' ? undefined : query.q;
  const searchCondition =
    conditionsFor === 'indexed' ? spec.searchCondition : (spec.searchRowCondition ?? spec.searchCondition);
  if (q && searchCondition) {
    conditions.push(searchCondition(q, engine));
  } else if (q && spec.search.length > 0) {
    const any = spec.search.map((expr) => containsIgnoreCase(engine, { expr }, q));
    conditions.push(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
  }
  for (const [name, filter] of Object.entries(query.filters)) {
    const column = spec.columns[name];
    if (!column) continue;
    conditions.push(filterCondition(engine, column, filter));
    if (conditionsFor === 'indexed' && narrowsByTrigrams(column, filter)) {
      const narrowing = spec.containsNarrowing?.(filter.value, engine);
      if (narrowing) conditions.push(narrowing);
    }
  }
  return conditions;
}

/**
 * Applies conditions, order and page to a select; the same conditions serve the count. A cursor
 * seeks past the row it names. A page at an offset finds its ids first from the list's table alone
 * (a deferred join): the rows it skips are then index entries only, not joined table rows.
 * Each row also carries its sort key (SORT_KEY) for `nextCursorOf`.
 */
// biome-ignore lint/suspicious/noExplicitAny: works for any select
export function pageOf<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  query: ListQuery,
  spec: ListSpec,
  conditions: Expression<SqlBool>[],
  options: { sortMatches?: boolean } = {},
): QB {
  const column = query.sort ? spec.columns[query.sort] : undefined;
  const desc = column !== undefined && query.order === 'desc';
  const key = raw(column ? (column.sortExpr ?? column.expr) : spec.idExpr);
  const id = raw(spec.idExpr);
  const direction = raw(desc ? 'desc' : 'asc');
  // SQLite does not sort by an index when the key is written `+key`: it then finds the matches by
  // the filter's own index and sorts them, which is right when they are few (see list-page.ts).
  const sortKey = options.sortMatches ? sql`+${key}` : key;
  const sortId = options.sortMatches ? sql`+${id}` : id;
  const orderBy = column ? sql`${sortKey} ${direction}, ${sortId} ${direction}` : sql`${sortId} asc`;
  const where = [...conditions];
  if (query.cursor) {
    const [, , value, afterId] = decodeCursor(query.cursor, query);
    const after = raw(desc ? '<' : '>');
    where.push(
      column
        ? sql<SqlBool>`(${key}, ${id}) ${after} (${value}, ${afterId})`
        : sql<SqlBool>`${id} > ${afterId}`,
    );
  }
  // biome-ignore lint/suspicious/noExplicitAny: the sort key is read back by name, untyped
  let out = (qb as any).select(key.as(SORT_KEY)) as QB;
  // Sorted matches are sorted from the list's table alone too: joining a few thousand rows to their
  // agency and users before sorting them cost ten times the sort.
  if (query.offset > 0 || options.sortMatches) {
    const filter = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const ids = sql<SqlBool>`${id} in (select ${id} from ${raw(spec.table)} ${filter} order by ${orderBy} limit ${query.limit} offset ${query.offset})`;
    return out.where(ids).orderBy(orderBy).limit(query.limit) as QB;
  }
  for (const condition of where) out = out.where(condition) as QB;
  return out.orderBy(orderBy).limit(query.limit) as QB;
}

/**
 * How many rows match, counted up to `cap`: beyond it the answer is "at least `cap`", so a
 * filter matching most of a million rows costs no more than one matching ten thousand.
 */
export async function countMatches(
  // biome-ignore lint/suspicious/noExplicitAny: works for any schema
  db: Kysely<any>,
  table: string,
  conditions: Expression<SqlBool>[],
  cap: number | undefined = TOTAL_CAP,
): Promise<{ total: number; capped: boolean }> {
  const filter = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const limit = cap === undefined ? sql`` : sql`limit ${cap + 1}`;
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from (select 1 as one from ${raw(table)} ${filter} ${limit}) matches`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return cap !== undefined && n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The total of a narrowed list: known from its first page when that holds every match. */
export function totalFromPage(query: ListQuery, rowsOnPage: number): number | undefined {
  return query.offset === 0 && !query.cursor && rowsOnPage < query.limit ? rowsOnPage : undefined;
}

/**
 * A page with its total: exact for an unfiltered list (these tables hold up to a hundred thousand
 * rows, and the list shows their size), counted up to the cap when filtered or searched.
 */
export async function pageWithTotal<R extends object>(
  // biome-ignore lint/suspicious/noExplicitAny: works for any schema
  db: Kysely<any>,
  table: string,
  query: ListQuery,
  conditions: Expression<SqlBool>[],
  rows: R[],
): Promise<ListResult<R>> {
  const page = { rows, nextCursor: nextCursorOf(rows, query) };
  const known = totalFromPage(query, rows.length);
  if (known !== undefined) return { ...page, total: known, capped: false };
  return {
    ...page,
    ...(await countMatches(db, table, conditions, conditions.length > 0 ? TOTAL_CAP : undefined)),
  };
}
