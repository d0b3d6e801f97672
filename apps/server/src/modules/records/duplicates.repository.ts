import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DuplicateMatch, DuplicateSpec } from './duplicate-spec.js';

/**
 * Records sharing any of the given values of any key, in id order: one indexed lookup per key,
 * joined by UNION. Written as one OR, SQLite walks every active contact instead (half a second per
 * import batch at 100,000 contacts), and PostgreSQL may too.
 */
export async function findByKeys<F, Row>(
  db: Db,
  spec: DuplicateSpec<F, Row>,
  values: Record<string, readonly string[]>,
  options: { excludeId?: number; limit?: number } = {},
): Promise<DuplicateMatch<Row>[]> {
  const branches = spec.keys.flatMap((key) => {
    const wanted = [...new Set(values[key.name] ?? [])].filter(Boolean);
    if (wanted.length === 0) return [];
    return [
      sql`select id from ${sql.table(spec.table)} where ${sql.ref(key.column)} in (${sql.join(wanted)}) and ${spec.candidates}`,
    ];
  });
  if (branches.length === 0) return [];
  const exclude = options.excludeId ?? 0;
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(spec.columns.map((column) => sql.ref(`t.${column}`)))}
    from ${sql.table(spec.table)} t
    where t.id in (${sql.join(branches, sql` union `)}) and t.id <> ${exclude}
    order by t.id${limit}`.execute(db);
  return rows.map((raw) => {
    const on = spec.keys
      .filter((key) => {
        // A key may be a number column (a deal's id); the values asked are text.
        const value = raw[key.column];
        return (
          value !== null &&
          value !== undefined &&
          value !== '' &&
          (values[key.name] ?? []).includes(String(value))
        );
      })
      .map((key) => key.name);
    return { row: spec.row(raw), on };
  });
}

/** Values of one key shared by two or more active records, in key order, a page at a time. */
export async function sharedValues(
  db: Db,
  spec: DuplicateSpec<unknown, unknown>,
  column: string,
  limit: number,
  offset: number,
): Promise<{ value: string; n: number }[]> {
  const { rows } = await sql<{ value: string; n: number | string }>`
    select ${sql.ref(column)} as value, count(*) as n from ${sql.table(spec.table)}
    where is_active = 1 and ${sql.ref(column)} <> ''
    group by ${sql.ref(column)} having count(*) > 1
    order by ${sql.ref(column)} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({ value: row.value, n: Number(row.n) }));
}

/** The active records holding some of these values of one key, the most recently changed first. */
export async function holdersOf<Row>(
  db: Db,
  spec: DuplicateSpec<unknown, Row>,
  column: string,
  values: string[],
  limit: number,
): Promise<{ row: Row; value: string; updatedAt: string }[]> {
  if (values.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join([...spec.columns, 'updated_at'].map((c) => sql.ref(c)))}, ${sql.ref(column)} as group_value
    from ${sql.table(spec.table)}
    where is_active = 1 and ${sql.ref(column)} in (${sql.join(values)})
    order by updated_at desc limit ${limit}`.execute(db);
  return rows.map((raw) => ({
    row: spec.row(raw),
    value: String(raw.group_value),
    updatedAt: String(raw.updated_at),
  }));
}
