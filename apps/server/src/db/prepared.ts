import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';
import { type Engine, engineOf } from './dialect.js';
import type { Database } from './schema.js';

/** `database.ts`'s `Db`, named here without importing it: that file sends these statements by name. */
type Db = Kysely<Database>;

const ARGUMENT = Symbol('argument');

interface Argument {
  [ARGUMENT]: number;
}

const isArgument = (value: unknown): value is Argument =>
  typeof value === 'object' && value !== null && ARGUMENT in value;

/**
 * A query whose shape never changes, built and compiled once per engine; each call binds its own
 * values. Kysely builds and compiles a query afresh on every call, and for a select of seven joined
 * tables that costs more than SQLite takes to answer it: a deal's move read the deal twice, and
 * every request reads its session. `build` receives stand-ins for the arguments and may use them
 * only as values of the query (compared, inserted), never in its own logic, since it runs once.
 */
export function prepared<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R> | RawBuilder<R>,
) {
  const compiled = new Map<Engine, CompiledQuery<R>>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    const engine = engineOf(db);
    let query = compiled.get(engine);
    if (!query) {
      const standIns = args.map((_, index): Argument => ({ [ARGUMENT]: index })) as unknown as A;
      const built = build(db, ...standIns);
      // A raw `sql` template compiles against an executor; a query builder carries its own.
      query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      compiled.set(engine, query);
      if (engine === 'postgres') nameStatement(query.sql);
    }
    const parameters = query.parameters.map((value) => (isArgument(value) ? args[value[ARGUMENT]] : value));
    const { rows } = await db.executeQuery<R>({ ...query, parameters });
    return rows;
  };
}

/** PostgreSQL's names for the statements of `prepared` queries, by their SQL text. */
const statementNames = new Map<string, string>();

function nameStatement(text: string): void {
  if (!statementNames.has(text)) statementNames.set(text, `crm_prepared_${statementNames.size + 1}`);
}

/**
 * The name under which a PostgreSQL connection prepares this SQL once and then only binds and
 * executes it (`database.ts` sends it so): the text of a `prepared` query, whose shape never
 * changes. Any other SQL is parsed and planned each time, as node-postgres does by default, since
 * a statement prepared for every shape of a filtered list would pile up on each connection.
 */
export function statementName(text: string): string | undefined {
  return statementNames.get(text);
}
