import type { ListQuery } from '@crm/domain';
import { TOTAL_CAP } from '@crm/domain';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './database.js';
import { engineOf } from './dialect.js';
import {
  countMatches,
  type ListResult,
  type ListSpec,
  listConditions,
  nextCursorOf,
  pageOf,
  pageWithTotal,
} from './list-query.js';

/** What a list adds to its spec's search and filters. */
export interface ListScope {
  /** Conditions every row of the list meets (a contacts list's type and state, its agency). */
  conditions?: Expression<SqlBool>[];
  /**
   * Given when `extra` is answered by an index that also holds the scope's columns and the sort key
   * (contacts by owner or assignee): the scope written so that SQLite reads that index rather than
   * the scope's own (contacts: `+type`, which SQLite will not read from an index).
   */
  conditionsByFilters?: Expression<SqlBool>[];
  /** Narrowing conditions of the list's own beside its spec's (the users a created-by filter names). */
  extra?: Expression<SqlBool>[];
  /** The exact total when nothing narrows the list; without it an unnarrowed list is counted as a narrowed one. */
  fullTotal?: () => Promise<number>;
}

/**
 * A page of a list and its total. Unnarrowed: the page and the list's exact total. Narrowed, on
 * SQLite: the matching ids are read first, up to TOTAL_CAP + 1, from the list's full-text index when
 * the search (or a `contains` filter) has one, each tested against the rest of the conditions; that
 * read is the count, and it stops at the cap instead of gathering every match (a common surname is
 * in twenty thousand of a million contacts). When it holds every match, the page is those ids sorted,
 * on the list's table alone: SQLite, which has no statistics, would otherwise walk the sort index
 * testing each row, which for a rare value means the whole table. When there are more, that walk is
 * the fast way: a page of matches turns up within a few thousand entries. PostgreSQL's planner
 * chooses its own way; there the page comes first and the count only when the page is full.
 */
export async function listPage<R extends object>(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: works for any joined select
  select: SelectQueryBuilder<any, any, R>,
  query: ListQuery,
  spec: ListSpec,
  scope: ListScope = {},
): Promise<ListResult<R>> {
  const own = scope.conditions ?? [];
  const extra = scope.extra ?? [];
  const narrowing = [...listConditions(db, query, spec), ...extra];
  if (narrowing.length === 0 && scope.fullTotal) {
    const rows = await pageOf(select, query, spec, own).execute();
    return { rows, total: await scope.fullTotal(), capped: false, nextCursor: nextCursorOf(rows, query) };
  }
  if (engineOf(db) !== 'sqlite') {
    const conditions = [...own, ...narrowing];
    const rows = await pageOf(select, query, spec, conditions).execute();
    return pageWithTotal(db, spec.table, query, conditions, rows);
  }
  const tested = (mode: 'rows' | 'rows-unsearched') => [...listConditions(db, query, spec, mode), ...extra];
  const page = async (conditions: Expression<SqlBool>[], sortMatches: boolean, total: number) => {
    const rows = await pageOf(select, query, spec, conditions, { sortMatches }).execute();
    const capped = total > TOTAL_CAP;
    return { rows, total: capped ? TOTAL_CAP : total, capped, nextCursor: nextCursorOf(rows, query) };
  };
  const walk = () => page([...own, ...tested('rows')], false, TOTAL_CAP + 1);
  const matches = spec.indexedMatches?.(query);
  if (!matches && scope.conditionsByFilters) {
    // The filter's own index holds the scope and the sort key: up to SORT_BY_FILTER_UP_TO matches
    // are counted there and sorted from there, without reading their rows.
    const byFilters = [...scope.conditionsByFilters, ...tested('rows')];
    const counted = await countMatches(db, spec.table, byFilters, SORT_BY_FILTER_UP_TO);
    return counted.capped ? walk() : page(byFilters, true, counted.total);
  }
  const ids = await matchingIds(
    db,
    spec,
    matches ? [...own, ...tested('rows-unsearched')] : [...own, ...tested('rows')],
    matches,
  );
  if (ids.length > TOTAL_CAP) return walk();
  const listed = sql<SqlBool>`${sql.raw(spec.idExpr)} in (select value from json_each(${JSON.stringify(ids)}))`;
  return page([listed], true, ids.length);
}

/**
 * Up to this many matches found through a filter's own index (ListScope.conditionsByFilters) are
 * sorted from it; beyond, one match in 150 active leads or more, walking the sort index finds a
 * page within a few thousand entries.
 */
const SORT_BY_FILTER_UP_TO = 5_000;

/**
 * The ids of up to TOTAL_CAP + 1 matching rows, in no particular order. From `matches` (a select of
 * rowids from a full-text index) when given: read one by one and joined, so the reading stops at
 * the cap.
 */
async function matchingIds(
  db: Db,
  spec: ListSpec,
  conditions: Expression<SqlBool>[],
  matches?: Expression<unknown>,
): Promise<number[]> {
  const table = sql.raw(spec.table);
  const source = matches
    ? sql`(${matches}) as matches cross join ${table} on ${sql.raw(spec.idExpr)} = matches.rowid`
    : table;
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<{
    id: number;
  }>`select ${sql.raw(spec.idExpr)} as id from ${source} ${where} limit ${TOTAL_CAP + 1}`.execute(db);
  return rows.map((row) => row.id);
}
