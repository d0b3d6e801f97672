import { type Expression, type SqlBool, sql } from 'kysely';
import type { Engine } from './dialect.js';

/**
 * `column` starts with `prefix`, as an index range. SQLite compares text byte-wise, so a range up
 * to the highest code point is exact; PostgreSQL uses LIKE, which its pattern-operator indexes
 * (migration 0009) serve under any collation. `column` is trusted SQL from a repository.
 */
export function startsWith(engine: Engine, column: string, prefix: string): Expression<SqlBool> {
  const ref = sql.raw(column);
  if (engine === 'sqlite') return sql<SqlBool>`(${ref} >= ${prefix} and ${ref} < ${`${prefix}\u{10FFFF}`})`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
}
