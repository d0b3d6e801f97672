import type { ListQuery } from '@crm/domain';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Engine, engineOf } from './dialect.js';
import type { ListSpec } from './list-query.js';

/** What a repository hands to a stream: its list's select (columns and joins) and its conditions. */
export interface ListSource<Row> {
  // biome-ignore lint/suspicious/noExplicitAny: any select of the repository's own
  select: SelectQueryBuilder<any, any, Row>;
  conditions: Expression<SqlBool>[];
  spec: ListSpec;
}

/**
 * A whole list as an export reads it from the module that owns it: the same query parsing, scope
 * and roles as the list screen, its total, its rows' source and how a row reads in the API.
 */
export interface ListExport<Row, View> {
  total: number;
  source: ListSource<Row>;
  query: ListQuery;
  toView: (row: Row) => View;
}

const SORT_KEY = 'list_stream_sort';
const ROW_ID = 'list_stream_id';

/**
 * Every row of a list, in the list's order (its sort column, then id), a page at a time. Each page
 * starts after the last row of the one before (keyset paging), so the millionth row costs what the
 * first did and no connection is held between pages; other requests run in between.
 */
export async function* streamListPages<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: works for any schema
  db: import('kysely').Kysely<any>,
  source: ListSource<Row>,
  query: ListQuery,
  pageSize = 1000,
): AsyncGenerator<Row[]> {
  const { spec } = source;
  const column = query.sort ? spec.columns[query.sort] : undefined;
  const sortExpr = column ? (column.sortExpr ?? column.expr) : undefined;
  const desc = column !== undefined && query.order === 'desc';
  const engine = engineOf(db);
  let after: { sort: unknown; id: number } | undefined;
  for (;;) {
    let qb = source.select.select(sql.raw<number>(spec.idExpr).as(ROW_ID));
    if (sortExpr) qb = qb.select(sql.raw(sortExpr).as(SORT_KEY));
    for (const condition of source.conditions) qb = qb.where(condition);
    if (after)
      qb = qb.where(afterCondition(engine, sortExpr, spec.idExpr, desc, after, column?.notNull === true));
    const direction = sql.raw(desc ? 'desc' : 'asc');
    if (sortExpr) qb = qb.orderBy(sql`${sql.raw(sortExpr)} ${direction}`);
    qb = qb.orderBy(sql`${sql.raw(spec.idExpr)} ${direction}`).limit(pageSize);
    const rows = (await qb.execute()) as (Row & Record<string, unknown>)[];
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = { sort: last[SORT_KEY], id: Number(last[ROW_ID]) };
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/**
 * The rows after the last one read, in the list's order. NULLs sort first in ascending order on
 * SQLite and last on PostgreSQL (and the reverse descending), as the list pages themselves do.
 * Rows with the same sort value as the last one come after it by id; the condition also bounds the
 * sort value on its own (`key <= value and (…)`), so that the database reads the page as a range of
 * the sort index instead of walking the index from its start to the boundary on every page.
 */
function afterCondition(
  engine: Engine,
  sortExpr: string | undefined,
  idExpr: string,
  desc: boolean,
  after: { sort: unknown; id: number },
  notNull: boolean,
): Expression<SqlBool> {
  const id = sql.raw(idExpr);
  const beyond = sql.raw(desc ? '<' : '>');
  const idAfter = sql<SqlBool>`${id} ${beyond} ${after.id}`;
  if (!sortExpr) return idAfter;
  const key = sql.raw(sortExpr);
  const nullsFirst = (engine === 'sqlite') !== desc;
  if (after.sort === null || after.sort === undefined) {
    return nullsFirst
      ? sql<SqlBool>`((${key} is null and ${idAfter}) or ${key} is not null)`
      : sql<SqlBool>`(${key} is null and ${idAfter})`;
  }
  const value = after.sort;
  const within = sql.raw(desc ? '<=' : '>=');
  const later = sql<SqlBool>`(${key} ${within} ${value} and (${key} ${beyond} ${value} or ${idAfter}))`;
  return nullsFirst || notNull ? later : sql<SqlBool>`(${later} or ${key} is null)`;
}
