import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type InsertQueryNode,
  Kysely,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import { type CopyStreamQuery, from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../apps/server/src/db/database.js';

/**
 * Loading PostgreSQL with `COPY … FROM STDIN` instead of multi-row inserts. The generators describe
 * each batch as the Kysely insert they would run (`trx.insertInto(t).values(batch).execute()`); the
 * insert is built against a database that only records it, and its table, columns and values go
 * into one COPY stream per run of batches. The values reach the server as the same text the
 * driver would have sent for them as parameters (node-postgres' own conversion: dates, booleans,
 * JSON, arrays), so each column's input function reads exactly what it read from the insert.
 */

/** node-postgres turns a parameter into the text it sends; a COPY field is that text. */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils
  .prepareValue;

/** One row of a plain insert: the table, its columns and the values, in order. */
export interface RecordedInsert {
  table: string;
  columns: string[];
  rows: unknown[][];
}

/** The text COPY's text format reads as this value: \N for NULL, backslash escapes for the rest. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return '\\N';
  // bytea's text form; a Buffer goes to the server as binary parameter otherwise.
  const text = Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : String(prepared);
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, escapeChar) : text;
}

function escapeChar(char: string): string {
  switch (char) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    default:
      return '\\t';
  }
}

/** Rows as COPY text: fields separated by tabs, rows ended by newlines. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += (i === 0 ? '' : '\t') + copyField(row[i]);
    text += '\n';
  }
  return text;
}

/**
 * The plain insert in a compiled query, or undefined when it is anything else (RETURNING, ON
 * CONFLICT, a column's DEFAULT or an expression in some row): those cannot be a COPY.
 */
export function plainInsert(node: OperationNode): RecordedInsert | undefined {
  if (node.kind !== 'InsertQueryNode') return undefined;
  const insert = node as InsertQueryNode;
  const { kind: _kind, into, columns, values, ...rest } = insert;
  if (Object.values(rest).some((value) => value !== undefined && value !== false)) return undefined;
  if (!into || into.table.schema || !columns || !values || values.kind !== 'ValuesNode') return undefined;
  const rows: unknown[][] = [];
  for (const list of (values as OperationNode & { values: readonly OperationNode[] }).values) {
    if (list.kind === 'PrimitiveValueListNode') {
      rows.push([...(list as OperationNode & { values: readonly unknown[] }).values]);
    } else if (list.kind === 'ValueListNode') {
      const row: unknown[] = [];
      for (const item of (list as OperationNode & { values: readonly OperationNode[] }).values) {
        if (item.kind !== 'ValueNode') return undefined;
        row.push((item as OperationNode & { value: unknown }).value);
      }
      rows.push(row);
    } else {
      return undefined;
    }
    if (rows[rows.length - 1]!.length !== columns.length) return undefined;
  }
  return { table: into.table.identifier.name, columns: columns.map((c) => c.column.name), rows };
}

/** A Kysely database that runs nothing: each query it is given is kept, and answers no rows. */
export function recordingDatabase(): { db: Db; taken: () => CompiledQuery[] } {
  let queries: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      queries.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('The recording database streams nothing');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as Db;
  const taken = () => {
    const result = queries;
    queries = [];
    return result;
  };
  return { db, taken };
}

/** An open `COPY table (columns) FROM STDIN` on a connection of its own. */
interface OpenCopy {
  table: string;
  columns: string[];
  stream: CopyStreamQuery;
  done: Promise<void>;
}

/**
 * Writes the rows as the inserts `insert` describes, batch by batch, through COPY: one statement
 * for as long as the batches name the same table and columns (usually the whole run, so the
 * contacts' statement-level triggers run once over all of them). A batch that is not a plain insert
 * runs as it is, on the database. Each COPY commits on its own, as each transaction of inserts did.
 */
export async function copyInBatches<T>(
  db: Db,
  pool: pg.Pool,
  rows: Iterable<T>,
  insert: (trx: Db, batch: T[]) => Promise<unknown>,
  rowsPerBatch: number,
): Promise<number> {
  const recorder = recordingDatabase();
  const client = await pool.connect();
  let open: OpenCopy | undefined;
  let written = 0;
  const close = async () => {
    if (!open) return;
    const { stream, done } = open;
    open = undefined;
    stream.end();
    await done;
  };
  const write = async (batch: T[]) => {
    await insert(recorder.db, batch);
    const queries = recorder.taken();
    const plain = queries.length === 1 ? plainInsert(queries[0]!.query) : undefined;
    if (!plain) {
      await close();
      await insert(db, batch);
      return;
    }
    if (open && (open.table !== plain.table || open.columns.join('\0') !== plain.columns.join('\0')))
      await close();
    if (!open) {
      const columns = plain.columns.map((column) => pg.escapeIdentifier(column)).join(', ');
      const stream = client.query(
        copyFrom(`COPY ${pg.escapeIdentifier(plain.table)} (${columns}) FROM STDIN`),
      );
      open = { table: plain.table, columns: plain.columns, stream, done: finished(stream) };
      // A failed COPY is reported once, by `done`; the drain wait below would otherwise hang.
      open.done.catch(() => {});
    }
    if (!open.stream.write(copyText(plain.rows))) await Promise.race([once(open.stream, 'drain'), open.done]);
  };
  try {
    let batch: T[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === rowsPerBatch) {
        await write(batch);
        written += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) {
      await write(batch);
      written += batch.length;
    }
    await close();
    client.release();
  } catch (error) {
    // The connection may be in the middle of a COPY: it is closed rather than given back.
    open?.stream.destroy();
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  return written;
}
