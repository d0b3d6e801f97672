import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import type { Engine } from '../../apps/server/src/db/dialect.js';
import type { Scenario } from '../scenario-types.js';
import { fixed, markdownTable } from './stats.js';

/**
 * `--explain`: every scenario's database-only run, once, with the statements it sends recorded,
 * and the plan of each reading statement as the database runs it, written to
 * bench/plans/<engine>/<scenario>.txt and printed.
 */

/** Where the plans go: bench/plans/<engine>/. */
export const PLANS_DIR = fileURLToPath(new URL('../plans/', import.meta.url));

/**
 * The tables that grow with the data: a plan reading one of these whole ("Seq Scan on" on
 * PostgreSQL, a plain "SCAN" without an index on SQLite) reads beyond its matches. The small lookup
 * tables (stages, reasons, settings, categories, the counters the triggers keep) are left out:
 * reading them whole is the cheapest way.
 */
const BIG_TABLES = new Set([
  'users',
  'sessions',
  'agencies',
  'agency_staff',
  'agency_sales_reps',
  'contacts',
  'notes',
  'files',
  'history',
  'products',
  'product_category_links',
  'tasks',
  'notifications',
  'deals',
  'deal_lines',
  'deal_history',
  'event_log',
]);

/** One statement the scenario's run sent, as sent. */
export interface RecordedStatement {
  sql: string;
  parameters: readonly unknown[];
  /** Wall time of the round trip in the recorded run. */
  ms: number;
  /** Rows answered (streamed statements: undefined). */
  rows: number | undefined;
}

export interface ScenarioPlans {
  scenario: Scenario;
  file: string;
  statements: RecordedStatement[];
  /** The plan of each statement, in order; undefined for one not explained (a write, begin, commit). */
  plans: (string[] | undefined)[];
  /** "contacts (statement 2)": the big tables a plan reads whole. */
  scans: string[];
  /** PostgreSQL: the most rows one plan node read and dropped ("Rows Removed by Filter"). */
  maxRemoved: number;
}

/**
 * Runs the scenario's direct function twice on one connection of `db` and records what the second
 * run sends: the first makes the one-time lookups its closure keeps (the admin, a sample stage)
 * and warms the statement caches, so the second is what one request costs. Every statement that
 * reaches the connection is recorded, `prepared` ones and transaction control included, since each
 * is a round trip to the database.
 */
export async function recordDirectRun(
  db: Db,
  direct: NonNullable<Scenario['direct']>,
  params: Record<string, string>,
): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  await db.connection().execute(async (bound) => {
    const run = direct(bound, params);
    await run();
    const connection = await bound.getExecutor().provideConnection(async (c) => c);
    const restore = recordOn(connection, recorded);
    try {
      await run();
    } finally {
      restore();
    }
  });
  return recorded;
}

/** Records each query `connection` runs until the returned function is called. */
function recordOn(connection: DatabaseConnection, into: RecordedStatement[]): () => void {
  const own = {
    executeQuery: Object.getOwnPropertyDescriptor(connection, 'executeQuery'),
    streamQuery: Object.getOwnPropertyDescriptor(connection, 'streamQuery'),
  };
  const execute = connection.executeQuery.bind(connection);
  const stream = connection.streamQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const started = performance.now();
    const result = await execute<R>(query);
    into.push({
      sql: query.sql,
      parameters: query.parameters,
      ms: performance.now() - started,
      rows: result.rows.length,
    });
    return result;
  };
  connection.streamQuery = <R>(query: CompiledQuery, chunkSize?: number) => {
    into.push({ sql: query.sql, parameters: query.parameters, ms: Number.NaN, rows: undefined });
    return stream<R>(query, chunkSize);
  };
  return () => {
    for (const key of ['executeQuery', 'streamQuery'] as const) {
      const descriptor = own[key];
      if (descriptor) Object.defineProperty(connection, key, descriptor);
      else delete (connection as Partial<DatabaseConnection>)[key];
    }
  };
}

/** A statement that only reads, and so is explained: a SELECT or a WITH (a write is left alone). */
export function isRead(text: string): boolean {
  return /^[\s(]*(select|with)\b/i.test(text);
}

/**
 * The plan of one reading statement with the parameters it was sent with. PostgreSQL runs it under
 * EXPLAIN (ANALYZE, BUFFERS) in a transaction that is rolled back; SQLite can only tell its plan
 * (EXPLAIN QUERY PLAN), printed as a tree as its shell prints it.
 */
async function planOf(db: Db, engine: Engine, statement: RecordedStatement): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    const depth = new Map<number, number>([[0, 0]]);
    return rows.map((row) => {
      const level = (depth.get(row.parent) ?? 0) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level - 1)}${row.detail}`;
    });
  }
  const trx = await db.startTransaction().execute();
  try {
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers, format text) ${statement.sql}`, [
        ...statement.parameters,
      ]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await trx.rollback().execute();
  }
}

/** "contacts" for each big table the plan reads whole. */
function fullScans(engine: Engine, plan: readonly string[]): string[] {
  const tables: string[] = [];
  for (const line of plan) {
    const table =
      engine === 'postgres'
        ? /Seq Scan on (\w+)/.exec(line)?.[1]
        : /^\s*SCAN (\w+)(?: AS \w+)?\s*$/.exec(line)?.[1];
    if (table && BIG_TABLES.has(table)) tables.push(table);
  }
  return tables;
}

function rowsRemoved(plan: readonly string[]): number {
  let most = 0;
  for (const line of plan) {
    const removed = /Rows Removed by (?:Filter|Join Filter|Index Recheck): (\d+)/.exec(line)?.[1];
    if (removed) most = Math.max(most, Number(removed));
  }
  return most;
}

/** A file name for the scenario: "contacts: leads search q=and" → "contacts-leads-search-q-and". */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Explains one scenario: records its direct run, plans each read, writes and returns the file. */
export async function explainScenario(
  db: Db,
  engine: Engine,
  scenario: Scenario,
  params: Record<string, string>,
  heading: string,
): Promise<ScenarioPlans> {
  if (!scenario.direct) throw new Error(`${scenario.name} has no database-only run`);
  const statements = await recordDirectRun(db, scenario.direct, params);
  const plans: (string[] | undefined)[] = [];
  const scans: string[] = [];
  let maxRemoved = 0;
  for (const [index, statement] of statements.entries()) {
    if (!isRead(statement.sql)) {
      plans.push(undefined);
      continue;
    }
    let plan: string[];
    try {
      plan = await planOf(db, engine, statement);
    } catch (error) {
      plan = [`(could not be explained: ${(error as Error).message})`];
    }
    plans.push(plan);
    for (const table of new Set(fullScans(engine, plan))) scans.push(`${table} (statement ${index + 1})`);
    maxRemoved = Math.max(maxRemoved, rowsRemoved(plan));
  }
  const dir = path.join(PLANS_DIR, engine);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slugOf(scenario.name)}.txt`);
  const result = { scenario, file, statements, plans, scans, maxRemoved };
  writeFileSync(file, formatPlans(result, engine, heading));
  return result;
}

/** A scenario's file: what was run, the round trips, then each statement's SQL and its plan. */
export function formatPlans(result: Omit<ScenarioPlans, 'file'>, engine: Engine, heading: string): string {
  const { scenario, statements, plans, scans } = result;
  const reads = plans.filter((plan) => plan !== undefined).length;
  const lines = [
    `# ${scenario.name}`,
    `# ${scenario.write ? 'A write:' : 'GET'} ${scenario.path}`,
    `# ${heading}`,
    `# Round trips per request (statements of one database-only run): ${statements.length}, ${reads} of them explained`,
    `# ${scans.length > 0 ? `SCANS BEYOND ITS MATCHES: ${scans.join(', ')}` : 'No full scan of a big table.'}`,
    '',
  ];
  for (const [index, statement] of statements.entries()) {
    const plan = plans[index];
    const figures = [
      Number.isFinite(statement.ms) ? `${fixed(statement.ms, 2)} ms` : 'streamed',
      ...(statement.rows === undefined ? [] : [`${statement.rows} row${statement.rows === 1 ? '' : 's'}`]),
    ];
    lines.push(
      `-- Statement ${index + 1} of ${statements.length} (${figures.join(', ')} in the recorded run)`,
    );
    lines.push(statement.sql.trim());
    if (statement.parameters.length > 0) lines.push(`-- parameters: ${JSON.stringify(statement.parameters)}`);
    if (plan) {
      lines.push(
        engine === 'postgres' ? '-- EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT):' : '-- EXPLAIN QUERY PLAN:',
      );
      lines.push(...plan);
    } else lines.push('-- (not explained: not a read)');
    lines.push('');
  }
  return lines.join('\n');
}

/** The summary after the plans: round trips and the check, one row per scenario. */
export function explainSummary(results: readonly ScenarioPlans[], engine: Engine): string {
  return markdownTable(
    [
      'scenario',
      'round trips',
      'explained',
      ...(engine === 'postgres' ? ['most rows removed by a filter'] : []),
      'scans beyond its matches',
      'plans',
    ],
    results.map((result) => [
      result.scenario.name,
      String(result.statements.length),
      String(result.plans.filter((plan) => plan !== undefined).length),
      ...(engine === 'postgres' ? [result.maxRemoved.toLocaleString('en')] : []),
      result.scans.length > 0 ? `YES: ${result.scans.join(', ')}` : 'no',
      path.relative(process.cwd(), result.file),
    ]),
  );
}
