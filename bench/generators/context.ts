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
  /** The small demo data set (`npm run seed -- --demo`): every detail a person may open is filled in. */
  demo?: boolean;
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
  /**
   * A default that follows the counts of the steps before it, by option name (the deals: 0.3 per
   * contact); wins over defaultCount.
   */
  defaultOf?: (counts: Readonly<Record<string, number>>) => number;
  /** The option may be 0: the step then writes nothing (--deals 0 where deals are not wanted). */
  mayBeEmpty?: boolean;
  tables: readonly TableName[];
  run: (ctx: SeedContext, count: number) => Promise<SeedResult>;
}

/**
 * Each step's row count: the option's value when given (`given` answers undefined when it is not),
 * else its default, which may follow the counts of the steps before it.
 */
export function stepCounts(
  steps: readonly SeedStep[],
  given: (step: SeedStep & { option: string }) => number | undefined,
): Map<SeedStep, number> {
  const byOption: Record<string, number> = {};
  const counts = new Map<SeedStep, number>();
  for (const step of steps) {
    if (!step.option) {
      counts.set(step, 0);
      continue;
    }
    const count =
      given(step as SeedStep & { option: string }) ?? step.defaultOf?.(byOption) ?? step.defaultCount;
    byOption[step.option] = count;
    counts.set(step, count);
  }
  return counts;
}
