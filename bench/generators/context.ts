import type { Db } from '../../apps/server/src/db/database.js';
import type { BatchOptions, TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';

/** What every generator receives; each one adds rows for its own module (users, contacts, …). */
export interface SeedContext {
  db: Db;
  /** The root generator of the run; a generator forks its own stream by name, see Rng.fork. */
  rng: Rng;
  /** The one argon2 hash every generated account shares (hashing per row would take minutes). */
  passwordHash: string;
  /** Generated timestamps fall before this instant; fixing it makes a seeded data set repeatable. */
  until: Date;
  batch?: BatchOptions;
}

export interface SeedResult {
  table: string;
  rows: number;
  ms: number;
  /** Further tables the same step filled (e.g. the sales reps of the partners), each on its own line. */
  also?: readonly SeedResult[];
}

/** One data set: the tables it fills (children first) and how to fill them. */
export interface SeedStep {
  /**
   * The command-line option giving the row count, e.g. --users. A step without one sizes itself
   * from what the steps before it wrote (staff from the partners' contacts, notes and history).
   */
  option?: string;
  defaultCount: number;
  tables: readonly TableName[];
  run: (ctx: SeedContext, count: number) => Promise<SeedResult>;
}
