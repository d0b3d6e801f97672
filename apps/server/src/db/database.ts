import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { loadPg } from '../lib/optional-modules.js';
import { statementName } from './prepared.js';
import type { Database } from './schema.js';
import { sqliteDialect } from './write-turns.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL connections kept by this process (default 10). */
  databasePoolSize?: number;
  /** How much of the SQLite file is read through a memory map, in MB (default 2047; 0: none). */
  sqliteMmapMb?: number;
  /** Told when an idle PostgreSQL connection breaks (the pool replaces it by itself). */
  onConnectionError?: (error: Error) => void;
}

export function sqlitePath(dataDir: string): string {
  return path.resolve(dataDir, 'crm.sqlite');
}

const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool behind a PostgreSQL database (its use is a metric); none for SQLite. */
export function postgresPool(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** PostgreSQL when a URL is given, else the embedded SQLite file in the data folder. */
export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
      // While the database is down a request fails within seconds (503) instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    // A connection that the server or the network drops is reported as an 'error' event: by the pool
    // for an idle one, by the client for one in use (whose query fails on its own). Unheard, either
    // event would end the process; the pool discards the dead connection and opens a new one.
    pool.on('error', (error) => options.onConnectionError?.(error));
    pool.on('connect', (client) => {
      client.on('error', () => {});
      sendPreparedByName(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  // The data folder holds every record and, with local storage, every file: its owner's alone.
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(sqlitePath(options.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Reads go through a memory map of the file (up to SQLite's 2 GB ceiling): its pages are the
  // operating system's file cache, shared by every server process and dropped under memory
  // pressure, not copies in each process's heap (they count in its RSS as mapped file pages). The
  // page cache proper then only holds what lies beyond the map and the pages a transaction writes,
  // so 16 MB serve (SQLite's 2 MB default made a page of contacts read most of its pages through
  // system calls before the map). docs/decisions.md has the figures either way.
  sqlite.pragma('cache_size = -16384');
  const mapBytes = (options.sqliteMmapMb ?? 2047) * 1024 * 1024;
  sqlite.pragma(`mmap_size = ${mapBytes}`);
  const db = new Kysely<Database>({ dialect: sqliteDialect({ database: withStatementCache(sqlite) }) });
  fileMaps.set(db, { bytes: mapBytes, suspended: 0 });
  return db;
}

/**
 * Kysely sends every query as text and values; the text of a `prepared` query goes under its name
 * instead, so that each connection parses and plans it once (a deal's seven-table read was mostly
 * planning on PostgreSQL).
 */
function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? statementName(text) : undefined;
    if (!name) return query(text, ...rest);
    const [values, ...callback] = rest;
    return query({ name, text, values }, ...callback);
  }) as typeof client.query;
}

/** Each SQLite database's map size, and how many jobs are running without it. */
const fileMaps = new WeakMap<Db, { bytes: number; suspended: number }>();

/**
 * Runs `work` with this process's SQLite connection reading through its page cache instead of the
 * file's map. For a bulk job such as an import, which reads index pages across the whole file once:
 * through the map, each page it touched stayed in the process's RSS (importing 100,000 leads into a
 * million grew it by 165 MB of file pages). The process's other requests read without the map
 * meanwhile. PostgreSQL: `work` as it is.
 */
export async function withoutFileMap<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const map = fileMaps.get(db);
  if (!map || map.bytes === 0) return work();
  if (map.suspended++ === 0) await sql`pragma mmap_size = 0`.execute(db);
  try {
    return await work();
  } finally {
    if (--map.suspended === 0) await sql.raw(`pragma mmap_size = ${map.bytes}`).execute(db);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens SQLite transactions with a plain `begin`, which takes the write lock only at the
 * first write. With several server processes on one file, a transaction that read first and then
 * finds another process has written meanwhile fails at once with SQLITE_BUSY (the busy timeout
 * cannot help). Every transaction here writes, so each takes the lock up front and waits its turn.
 */
const BEGIN_WRITE = 'begin immediate';

/** The part of a better-sqlite3 statement that Kysely's SQLite driver uses. */
type DriverStatement = Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * Kysely prepares every query afresh; preparing is an eighth of a list request's CPU. The same SQL
 * text gets the same prepared statement back (queries run one at a time on this connection, and
 * none is streamed, so a statement is never busy when reused).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, DriverStatement>();
  const prepare = (source: string): DriverStatement => {
    let statement = cache.get(source);
    if (!statement) {
      statement = withPlainRows(sqlite.prepare(source === 'begin' ? BEGIN_WRITE : source));
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * better-sqlite3 builds each row object property by property in C++, which costs twice as much as
 * reading the row: a page of 100 contacts with 35 columns takes 1.1 ms as objects and 0.6 ms as
 * arrays. Reading statements therefore return arrays, turned into objects here (the same keys, a
 * later duplicate name winning as before).
 */
function withPlainRows(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (...parameters: unknown[]) => (statement.all(...parameters) as unknown[][]).map(toObject),
    run: (...parameters: unknown[]) => statement.run(...parameters),
    *iterate(...parameters: unknown[]) {
      for (const values of statement.iterate(...parameters) as IterableIterator<unknown[]>)
        yield toObject(values);
    },
  } as DriverStatement;
}
