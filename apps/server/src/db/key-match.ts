import { type Expression, type SqlBool, sql } from 'kysely';
import type { Engine } from './dialect.js';

/**
 * `column` starts with `prefix`, as an index range. SQLite compares text byte-wise, so a range up
 * to the highest code point is exact; PostgreSQL uses LIKE, which its pattern-operator indexes
 * (migration 0009) serve under any collation. `column` is trusted SQL from a repository.
 */
export function startsWith(engine: Engine, column: string, prefix: string): Expression<SqlBool> {
  return startsWithValues(engine, column, ...prefixValues(prefix));
}

/** What a prefix range binds: SQLite's lower and upper bounds, PostgreSQL's LIKE pattern. */
export type PrefixValues = [from: string, to: string, like: string];

export function prefixValues(prefix: string): PrefixValues {
  return [prefix, `${prefix}\u{10FFFF}`, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`];
}

/**
 * `startsWith` over values bound separately, for a query built once (`db/prepared.ts`) whose
 * values are computed on each call: the engine takes the ones it needs.
 */
export function startsWithValues(
  engine: Engine,
  column: string,
  from: string,
  to: string,
  like: string,
): Expression<SqlBool> {
  const ref = sql.raw(column);
  if (engine === 'sqlite') return sql<SqlBool>`(${ref} >= ${from} and ${ref} < ${to})`;
  return sql<SqlBool>`${ref} like ${like} escape '\\'`;
}
