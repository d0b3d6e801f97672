import type { ColumnFilter, ListQuery } from '@crm/domain';
import { DEFAULT_PAGE_SIZE, decodeFilter, foldCase, ID_MAX, listParamsSchema } from '@crm/domain';
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { badRequest } from '../lib/http-errors.js';
import { type Engine, engineOf } from './dialect.js';

/**
 * How one list column is searched, filtered and sorted. `expr` is trusted SQL written in a
 * repository (a column reference such as `users.name`), never client input.
 */
export interface ListColumn {
  expr: string;
  kind: 'text' | 'boolean' | 'number';
  /** Text columns compare case-insensitively in every mode (the contact and partner lists). */
  ignoreCase?: boolean;
  /** Sort by this expression instead (e.g. lower(name) so that case does not split the order). */
  sortExpr?: string;
  /** A number column stored in hundredths (basis points, pence): the filter value is scaled alike. */
  scale?: number;
}

export interface ListSpec {
  columns: Record<string, ListColumn>;
  /** Expressions the global search `q` matches, case-insensitively, as substrings. */
  search: string[];
  /** Or a condition of the list's own for `q` (e.g. one served by a full-text index). */
  searchCondition?: (q: string, engine: Engine) => Expression<SqlBool>;
  /** Unique tiebreak so that paging is stable, e.g. `users.id`. */
  idExpr: string;
  defaultSort?: { column: string; order: 'asc' | 'desc' };
}

const raw = (expr: string) => sql.raw(expr);

export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQLite's LIKE already ignores (ASCII) case, and its lower() folds no more than that. */
function containsIgnoreCase(engine: Engine, expr: string, value: string): RawBuilder<SqlBool> {
  const pattern = likePattern(foldCase(value));
  return engine === 'sqlite'
    ? sql<SqlBool>`${raw(expr)} like ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${raw(expr)}) like ${pattern} escape '\\'`;
}

function containsExact(engine: Engine, expr: string, value: string): RawBuilder<SqlBool> {
  return engine === 'postgres'
    ? sql<SqlBool>`strpos(${raw(expr)}, ${value}) > 0`
    : sql<SqlBool>`instr(${raw(expr)}, ${value}) > 0`;
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
    return containsIgnoreCase(engine, `cast(${column.expr} as varchar(40))`, value);
  }
  switch (filter.mode) {
    case 'equals':
      return column.ignoreCase
        ? sql<SqlBool>`lower(${raw(column.expr)}) = ${foldCase(value)}`
        : sql<SqlBool>`${raw(column.expr)} = ${value}`;
    case 'contains':
      return column.ignoreCase
        ? containsIgnoreCase(engine, column.expr, value)
        : containsExact(engine, column.expr, value);
    case 'containsIgnoreCase':
      return containsIgnoreCase(engine, column.expr, value);
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
  const { q, sort, order, limit, offset } = parsed.data;
  // Own keys only: `__proto__`, `constructor` or `toString` would find Object's prototype.
  if (sort !== undefined && !Object.hasOwn(spec.columns, sort))
    throw badRequest(`Unknown sort column: ${sort}`);
  return {
    q: q?.trim() || undefined,
    sort: sort ?? spec.defaultSort?.column,
    order: order ?? (sort ? 'asc' : spec.defaultSort?.order),
    filters,
    limit: limit ?? DEFAULT_PAGE_SIZE,
    offset: offset ?? 0,
  };
}

/** The WHERE conditions of a list query: search and filters combine with AND. */
export function listConditions(
  // biome-ignore lint/suspicious/noExplicitAny: works for any schema
  db: Kysely<any>,
  query: ListQuery,
  spec: ListSpec,
): Expression<SqlBool>[] {
  const engine = engineOf(db);
  const conditions: Expression<SqlBool>[] = [];
  if (query.q && spec.searchCondition) {
    conditions.push(spec.searchCondition(query.q, engine));
  } else if (query.q && spec.search.length > 0) {
    const any = spec.search.map((expr) => containsIgnoreCase(engine, expr, query.q ?? ''));
    conditions.push(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
  }
  for (const [name, filter] of Object.entries(query.filters)) {
    const column = spec.columns[name];
    if (column) conditions.push(filterCondition(engine, column, filter));
  }
  return conditions;
}

/** Applies conditions, order and page to a select; the same conditions serve the count. */
// biome-ignore lint/suspicious/noExplicitAny: works for any select
export function pageOf<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  query: ListQuery,
  spec: ListSpec,
  conditions: Expression<SqlBool>[],
): QB {
  let out = qb;
  for (const condition of conditions) out = out.where(condition) as QB;
  const order = query.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const column = query.sort ? spec.columns[query.sort] : undefined;
  if (column) out = out.orderBy(sql`${raw(column.sortExpr ?? column.expr)} ${order}`) as QB;
  out = out.orderBy(sql`${raw(spec.idExpr)} ${column ? order : sql.raw('asc')}`) as QB;
  return out.limit(query.limit).offset(query.offset) as QB;
}
