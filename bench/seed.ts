/**
 * Fills a database with generated data for manual testing and benchmarks.
 *
 *   npm run seed -- --users 10000 [--partners 5000] [--contacts 100000] [--products 10000]
 *                   [--tasks 200000] [--deals 30000]
 *                   [--data-dir DIR | --database-url URL] [--reset] [--seed N]
 *   npm run seed -- --demo      a small data set to look around in (see DEMO_COUNTS)
 *
 * Without --data-dir or --database-url it writes where the server would (DATA_DIR / DATABASE_URL).
 * Each data set has a generator module under bench/generators; this file only reads the command
 * line, prepares the database and calls them in order.
 */
import { loadConfig } from '../apps/server/src/config.js';
import type { DatabaseOptions } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { type SeedContext, type SeedStep, stepCounts } from './generators/context.js';
import { CRM_STEPS, tablesToClear } from './generators/crm.js';
import { DEFAULT_PASSWORD, SEED_ADMIN_EMAIL, seedUsers, USER_TABLES } from './generators/users.js';
import { CliError, intOption, parseOptions, runMain, stringOption, UsageError } from './lib/args.js';
import { analyzeAfterLoad, clearTables, countRows, describeTarget, openMigrated } from './lib/database.js';
import { withConstraintsDeferred } from './lib/pg-deferred.js';
import { Rng } from './lib/prng.js';

const USAGE = `Usage: npm run seed -- [options]
  --users N             users to create, the first being the admin ${SEED_ADMIN_EMAIL} (default 10000)
  --partners N          partners (agencies) with parents, sales reps and staff (default 50000)
  --contacts N          contacts, with notes and history in proportion (default 100000)
  --products N          products over the category tree (default 100000)
  --tasks N             tasks, with half as many notifications (default 200000)
  --deals N             deals over the contacts, with lines and stage history
                        (default 0.3 per contact; 0 for none)
  --data-dir DIR        SQLite database DIR/crm.sqlite
  --database-url URL    PostgreSQL database (postgres://…)
  --reset               empty the generated tables first (otherwise they must be empty)
  --seed N              random seed; the same seed and --until give the same data (default 1)
  --until YYYY-MM-DD    generated dates fall before this day (default: today, UTC)
  --password TEXT       password of every generated account (default ${DEFAULT_PASSWORD})
  --demo                a small demo data set: 6 users, 12 partners, 80 contacts, 24 products,
                        30 tasks, 14 deals
                        (counts given as options still win)`;

/** --demo: enough of everything to try each screen, small enough to read through. */
const DEMO_COUNTS: Record<string, number> = {
  users: 6,
  partners: 12,
  contacts: 80,
  products: 24,
  tasks: 30,
  deals: 14,
};

/** The data sets in order; each step's tables are listed children first (SeedStep in generators/context.ts). */
const STEPS: readonly SeedStep[] = [
  { option: 'users', defaultCount: 10_000, tables: USER_TABLES, run: seedUsers },
  ...CRM_STEPS,
];

async function main(): Promise<number> {
  const values = parseOptions(process.argv.slice(2), {
    users: { type: 'string' },
    partners: { type: 'string' },
    contacts: { type: 'string' },
    products: { type: 'string' },
    tasks: { type: 'string' },
    deals: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    reset: { type: 'boolean' },
    seed: { type: 'string' },
    until: { type: 'string' },
    password: { type: 'string' },
    demo: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const counts = stepCounts(STEPS, (step) =>
    values[step.option] === undefined && !(values.demo && DEMO_COUNTS[step.option])
      ? undefined
      : intOption(values, step.option, DEMO_COUNTS[step.option] ?? 0, {
          min: step.mayBeEmpty ? 0 : 1,
          max: 5_000_000,
        }),
  );
  const seed = intOption(values, 'seed', 1, { max: 0xffffffff });
  const until = parseUntil(stringOption(values, 'until'));
  const password = stringOption(values, 'password') ?? DEFAULT_PASSWORD;
  if (password.length < 6)
    throw new UsageError('--password must be at least 6 characters (the login form refuses shorter)');
  const target = resolveTarget(stringOption(values, 'data-dir'), stringOption(values, 'database-url'));

  console.log(`Seeding ${describeTarget(target)} (seed ${seed}, dates until ${until.toISOString()})`);
  const started = performance.now();
  const db = await openMigrated(target);
  try {
    // Later steps' tables refer to earlier ones', so they are emptied first.
    const tables = tablesToClear(STEPS);
    if (values.reset) {
      await clearTables(db, tables);
    } else {
      for (const step of STEPS) {
        const table = step.tables[step.tables.length - 1]!;
        const existing = await countRows(db, table);
        if (existing > 0) {
          throw new CliError(
            values.demo
              ? `The ${table} table already holds ${existing} rows. The demo data set goes into an empty database: run \`npm run seed -- --demo\` before the first \`npm start\`, or add --reset to replace what is there.`
              : `The ${table} table already holds ${existing} rows; add --reset to replace them.`,
          );
        }
      }
    }

    const hashStarted = performance.now();
    const passwordHash = await hashPassword(password);
    console.log(`  hashed the shared password once with argon2 in ${ms(performance.now() - hashStarted)}`);

    const ctx: SeedContext = { db, rng: new Rng(seed), passwordHash, until, demo: values.demo === true };
    for (const [step, count] of counts) {
      // PostgreSQL: each step loads its tables through COPY (insertInBatches) without their
      // secondary indexes and foreign keys, restored once the step is done (lib/pg-deferred.ts).
      const { result, restored } = await withConstraintsDeferred(db, step.tables, () => step.run(ctx, count));
      for (const part of [result, ...(result.also ?? [])]) {
        const perSecond = Math.round(part.rows / (Math.max(part.ms, 1) / 1000));
        console.log(
          `  ${part.table}: ${part.rows.toLocaleString('en')} rows in ${ms(part.ms)} (${perSecond.toLocaleString('en')} rows/s)`,
        );
      }
      if (restored && restored.indexes + restored.foreignKeys > 0)
        console.log(
          `  ${restored.tables.join(', ')}: ${restored.indexes} indexes built, ${restored.foreignKeys} foreign keys checked, analyzed in ${ms(restored.ms)}`,
        );
    }
    await analyzeAfterLoad(db);
  } finally {
    await db.destroy();
  }
  console.log(`Done in ${ms(performance.now() - started)}.`);
  console.log(`Sign in as ${SEED_ADMIN_EMAIL}; every generated account's password is: ${password}`);
  return 0;
}

function resolveTarget(dataDir: string | undefined, databaseUrl: string | undefined): DatabaseOptions {
  if (dataDir && databaseUrl) throw new UsageError('Give --data-dir or --database-url, not both');
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new UsageError('--database-url must start with postgres://');
    return { databaseUrl, dataDir: loadConfig({}).dataDir };
  }
  if (dataDir) return { databaseUrl: undefined, dataDir };
  // Where the server itself would look, so that `npm run seed` and `npm start` meet.
  const config = loadConfig();
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
}

function parseUntil(raw: string | undefined): Date {
  if (raw === undefined) {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--until must be a date written YYYY-MM-DD, not ${raw}`);
  return date;
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

runMain(main, USAGE);
