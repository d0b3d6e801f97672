import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import {
  createDatabase,
  type DatabaseOptions,
  type Db,
  postgresPool,
  sqlitePath,
} from '../../apps/server/src/db/database.js';
import { type Engine, engineOf } from '../../apps/server/src/db/dialect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { Database } from '../../apps/server/src/db/schema.js';
import { CliError } from './args.js';
import { copyInBatches } from './pg-copy.js';

export type TableName = keyof Database;

export function engineOfOptions(options: DatabaseOptions): Engine {
  return options.databaseUrl ? 'postgres' : 'sqlite';
}

/** Where the data goes, for the console; a password in the URL is masked. */
export function describeTarget(options: DatabaseOptions): string {
  if (!options.databaseUrl) return `SQLite ${sqlitePath(options.dataDir)}`;
  const url = new URL(options.databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

/** Opens the database the server would use with these options and brings its schema up to date. */
export async function openMigrated(options: DatabaseOptions): Promise<Db> {
  const db = createDatabase(options);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Empties tables, children first, and restarts their id counters so that a reseeded database numbers
 * its rows exactly as the first time did. Rows in other tables that still point at them stop it on
 * both engines, rather than emptying tables the seeder does not fill.
 */
export async function clearTables(db: Db, tables: readonly TableName[]): Promise<void> {
  if (tables.length === 0) return;
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of tables) await trx.deleteFrom(table).execute();
      await restartIds(trx, tables);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new CliError(
        `Cannot empty ${tables.join(', ')}: rows in other tables still refer to them (${String(error)})`,
      );
    }
    throw error;
  }
}

async function restartIds(db: Db, tables: readonly TableName[]): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`delete from sqlite_sequence where name in (${sql.join([...tables])})`.execute(db);
    return;
  }
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES' and table_name in (${sql.join([...tables])})`.execute(
    db,
  );
  for (const { table_name, column_name } of rows) {
    await sql`alter table ${sql.table(table_name)} alter column ${sql.ref(column_name)} restart with 1`.execute(
      db,
    );
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Refreshes PostgreSQL's planner statistics after a bulk load, as autovacuum would within a minute
 * on a live server; without them it plans a 10,000-row table as if it held 1,000 and sorts instead
 * of walking the name index. SQLite is left alone: the server never runs ANALYZE there either.
 */
export async function analyzeAfterLoad(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`analyze`.execute(db);
}

export async function countRows(db: Db, table: TableName): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface BatchOptions {
  /** Rows per INSERT statement (11 columns × 1,000 rows stays under both engines' parameter limits). */
  rowsPerInsert?: number;
  /** INSERT statements per transaction. */
  insertsPerTransaction?: number;
}

/**
 * Feeds rows from a (lazy) source into multi-row inserts, several inserts per transaction, so that a
 * large data set never sits in memory whole and works through Kysely on both engines. On PostgreSQL
 * (given the database, not a transaction) the same inserts go in through COPY instead, several
 * times faster: see pg-copy.ts.
 */
export async function insertInBatches<T>(
  db: Db,
  rows: Iterable<T>,
  insert: (trx: Db, batch: T[]) => Promise<unknown>,
  { rowsPerInsert = 1000, insertsPerTransaction = 10 }: BatchOptions = {},
): Promise<number> {
  const pool = postgresPool(db);
  if (pool) return copyInBatches(db, pool, rows, insert, rowsPerInsert);
  let written = 0;
  let pending: T[][] = [];
  let batch: T[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const batches = pending;
    pending = [];
    await db.transaction().execute(async (trx) => {
      for (const b of batches) await insert(trx, b);
    });
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === rowsPerInsert) {
      pending.push(batch);
      written += batch.length;
      batch = [];
      if (pending.length === insertsPerTransaction) await flush();
    }
  }
  if (batch.length > 0) {
    pending.push(batch);
    written += batch.length;
  }
  await flush();
  return written;
}

/**
 * A database kept between runs (a million contacts take minutes to seed): SQLite in `dataDir`, or
 * the PostgreSQL database the URL names. dispose() leaves it in place.
 */
export function keptDatabase(dataDir: string | undefined, databaseUrl: string | undefined): ScratchDatabase {
  if (databaseUrl) {
    return {
      options: { dataDir: mkdtempSync(path.join(tmpdir(), 'crm-bench-')), databaseUrl },
      engine: 'postgres',
      kept: true,
      dispose: async () => {},
    };
  }
  if (!dataDir) throw new Error('A kept database needs a data folder or a PostgreSQL URL');
  return {
    options: { dataDir, databaseUrl: undefined },
    engine: 'sqlite',
    kept: true,
    dispose: async () => {},
  };
}

/** A database of its own for one benchmark run, removed by dispose(). */
export interface ScratchDatabase {
  options: DatabaseOptions;
  engine: Engine;
  /** Reused from an earlier run and left in place afterwards. */
  kept?: boolean;
  dispose: () => Promise<void>;
}

/**
 * A fresh SQLite file in a temporary folder or, given a PostgreSQL URL, a fresh database on that
 * server (created through the URL's own database, then dropped).
 */
export async function createScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    return {
      options: { dataDir, databaseUrl: undefined },
      engine: 'sqlite',
      dispose: async () => removeDir(),
    };
  }
  const name = `crm_bench_${randomBytes(5).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { dataDir, databaseUrl: url.toString() },
    engine: 'postgres',
    dispose: async () => {
      removeDir();
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
