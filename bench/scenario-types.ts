import type { Db } from '../apps/server/src/db/database.js';
import type { Engine } from '../apps/server/src/db/dialect.js';

/** What a benchmark scenario is, apart from the list of them (scenarios.ts), which every group file feeds. */
export interface Scenario {
  name: string;
  /** The request, as the web app sends it; run signed in as an admin. */
  path: string;
  /** The p99 latency in milliseconds that must hold, per engine; an engine left out is only measured. */
  target?: Partial<Record<Engine, number>>;
  /** Headers sent besides the admin's token, e.g. Accept-Encoding as a browser sends it. */
  headers?: Record<string, string>;
  /** The answer may be an empty list (a record's notes), which is otherwise taken for a broken route. */
  mayBeEmpty?: boolean;
  /**
   * The same work done straight on the database, for the HTTP/database ratio: given the request's
   * query parameters, answers a function that runs the query once.
   */
  direct?: (db: Db, params: Record<string, string>) => () => Promise<unknown>;
  /**
   * A write instead of a GET of `path` (then only shown): read just before each load, since every
   * load changes what the next one starts from (a deal's version).
   */
  write?: (db: Db) => Promise<WriteLoad>;
}

/** How autocannon's worker builds each request of a write load, and what it starts from. */
export interface WriteLoad {
  /** Absolute path of a CommonJS module exporting setupRequest(request, context) → the request. */
  setupRequest: string;
  /** Absolute path of a CommonJS module exporting onResponse(status, body, context). */
  onResponse: string;
  initialContext: Record<string, unknown>;
}
