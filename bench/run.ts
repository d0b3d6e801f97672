/**
 * HTTP benchmark of the list endpoints on a fresh, seeded database.
 *
 *   npm run bench [-- --database-url URL] [--connections 10] [--duration 10]
 *
 * SQLite (a temporary data folder) unless --database-url names a PostgreSQL server, on which a fresh
 * database is created and dropped afterwards. The server runs as `npm start` runs it: as many
 * processes as the server would start (apps/server/src/main.ts, forked like main.ts forks them), or
 * with --workers 1 in this process, built by buildApp; autocannon sends the load from a worker
 * thread. Exits 1 when a scenario misses its p99 target.
 */

import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { forkServerProcesses, type ServerProcesses } from '../apps/server/src/cluster.js';
import { defaultWorkers, loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/database.js';
import type { Engine } from '../apps/server/src/db/dialect.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { benchFairShare, FAIR_SHARE_SCENARIO } from './fair-share.js';
import { type SeedContext, type SeedStep, stepCounts } from './generators/context.js';
import { CRM_STEPS } from './generators/crm.js';
import { DEFAULT_PASSWORD, SEED_ADMIN_EMAIL, seedUsers } from './generators/users.js';
import { benchExport, benchImport } from './import-export.js';
import { intOption, parseOptions, runMain, stringOption, UsageError } from './lib/args.js';
import {
  analyzeAfterLoad,
  countRows,
  createScratchDatabase,
  describeTarget,
  keptDatabase,
  openMigrated,
  type ScratchDatabase,
} from './lib/database.js';
import { type LoopStats, machineBusyShare, watchServing } from './lib/diagnostics.js';
import { explainScenario, explainSummary, formatPlans, type ScenarioPlans, slugOf } from './lib/explain.js';
import { Rng } from './lib/prng.js';
import { fixed, markdownTable, percentile, timeRuns, timeRunsWithCpu } from './lib/stats.js';
import { readSamples, withSamples } from './samples.js';
import { SCENARIOS, type Scenario, TARGET_CONNECTIONS, type WriteLoad } from './scenarios.js';
import { LEADS_FIRST_PAGE, leadsFirstPageSize } from './scenarios-crm.js';

const USAGE = `Usage: npm run bench -- [options]
  --database-url URL     PostgreSQL server to create a scratch database on (default: SQLite in a temp folder)
  --data-dir DIR         SQLite in DIR/crm.sqlite, kept: seeded on the first run, reused by the next ones
  --keep                 with --database-url: use (and keep) the database the URL names, seeding it if empty
  --connections N        concurrent connections (default ${TARGET_CONNECTIONS})
  --duration S           seconds of load per scenario (default 10)
  --warmup S             seconds of untimed load per scenario first (default 2)
  --users N              users to seed (default 10000)
  --partners N           partners to seed, with sales reps and staff (default 50000)
  --contacts N           contacts to seed, with notes and history (default 100000)
  --products N           products to seed (default 100000)
  --tasks N              tasks to seed, with half as many notifications (default 200000)
  --deals N              deals to seed, with lines and stage history (default 0.3 per contact)
  --iterations N         sequential database-only runs per scenario (default 500)
  --direct-only          time the database-only runs and skip the HTTP load
  --explain              run each scenario's database-only run once, record its statements (the round trips
                         per request) and print each read's plan (PostgreSQL: EXPLAIN ANALYZE, BUFFERS; SQLite:
                         EXPLAIN QUERY PLAN) into bench/plans/<engine>/<scenario>.txt, flagging full scans of
                         big tables; skips the HTTP load (with --direct-only, the timings follow)
  --only TEXT[,TEXT…]    run only the scenarios whose name contains one of the TEXTs (the list scenarios and
                         "${FAIR_SHARE_SCENARIO}")
  --import N             also import a CSV of N leads (5% invalid, 5% duplicates): preview, run, RSS, list p99
  --export               also export every contact (leads, then customers) as CSV and XLSX: time, rows, RSS
  --workers N            server processes (default ${defaultWorkers()}, as the server starts on this machine;
                         1 runs the server inside the bench, with event-loop and GC figures)`;

/**
 * What `npm start` runs: the server bundled as `npm run build` bundles it, so that the processes'
 * CPU and memory are production's, without a transpiler loaded in each.
 */
const SERVER_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));
const SERVER_MAIN = `${SERVER_DIR}dist/main.js`;

function bundleServer(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
}

/** Fixed so that every run benchmarks the same rows. */
const SEED = 1;
const SEED_UNTIL = new Date('2026-01-01T00:00:00Z');
/** Above this share of the cores busy with other work before a run, the figures are not fair. */
const BUSY_MACHINE_SHARE = 0.1;

interface Measured {
  scenario: Scenario;
  http: autocannon.Result;
  direct: number[] | undefined;
  loop: LoopStats;
  /** Share of the cores busy with other work just before the load (NaN off Linux). */
  busyBefore: number;
}

let stopLoad: (() => void) | undefined;
let interrupted = false;

async function main(): Promise<number> {
  const values = parseOptions(process.argv.slice(2), {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean' },
    'direct-only': { type: 'boolean' },
    explain: { type: 'boolean' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    users: { type: 'string' },
    partners: { type: 'string' },
    contacts: { type: 'string' },
    products: { type: 'string' },
    tasks: { type: 'string' },
    deals: { type: 'string' },
    iterations: { type: 'string' },
    only: { type: 'string' },
    workers: { type: 'string' },
    import: { type: 'string' },
    export: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const serverUrl = stringOption(values, 'database-url');
  if (serverUrl && !/^postgres(ql)?:\/\//.test(serverUrl))
    throw new UsageError('--database-url must start with postgres://');
  const connections = intOption(values, 'connections', TARGET_CONNECTIONS, { min: 1, max: 1000 });
  const duration = intOption(values, 'duration', 10, { min: 1, max: 600 });
  const warmup = intOption(values, 'warmup', 2, { max: 60 });
  const users = intOption(values, 'users', 10_000, { min: 1, max: 1_000_000 });
  /** The counts of the steps; `contacts` stands for the contacts already there when a database is reused. */
  const crmCounts = (contacts?: number) =>
    stepCounts(CRM_STEPS, (step) =>
      values[step.option] === undefined && step.option === 'contacts' && contacts !== undefined
        ? contacts
        : values[step.option] === undefined
          ? undefined
          : intOption(values, step.option, 0, { min: step.mayBeEmpty ? 0 : 1, max: 5_000_000 }),
    );
  crmCounts(); // a wrong count is refused before any database is opened
  const iterations = intOption(values, 'iterations', 500, { min: 1, max: 100_000 });
  const only = stringOption(values, 'only')
    ?.split(',')
    .map((text) => text.trim())
    .filter((text) => text !== '');
  const workers = intOption(values, 'workers', defaultWorkers(), { min: 1, max: 64 });
  const importRows = intOption(values, 'import', 0, { max: 5_000_000 });
  const exportAll = values.export === true;
  const chosen = SCENARIOS.filter((s) => !only || only.some((text) => s.name.includes(text)));
  const fairShare = !only || only.some((text) => FAIR_SHARE_SCENARIO.includes(text));
  if (chosen.length === 0 && !fairShare)
    throw new UsageError(`No scenario name contains "${only?.join('" or "')}"`);

  // Ctrl-C or a kill ends the load and still removes the scratch database (a second signal kills).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      stopLoad?.();
      console.log(`\n${signal}: cleaning up.`);
    });
  }

  const dataDir = stringOption(values, 'data-dir');
  if (dataDir && serverUrl) throw new UsageError('Give --data-dir or --database-url, not both');
  const scratch =
    dataDir || (serverUrl && values.keep)
      ? keptDatabase(dataDir, serverUrl)
      : await createScratchDatabase(serverUrl);
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  let processes: ServerProcesses | undefined;
  try {
    console.log(
      `Database: ${describeTarget(scratch.options)} (${scratch.kept ? 'kept' : 'scratch, removed afterwards'})`,
    );
    db = await openMigrated(scratch.options);
    const existing = scratch.kept ? await countRows(db, 'contacts') : 0;
    const ctx: SeedContext = {
      db,
      rng: new Rng(SEED),
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
      until: SEED_UNTIL,
    };
    if (existing > 0) {
      console.log(
        `Reusing the seeded data: ${existing.toLocaleString('en')} contacts (the size options are ignored).`,
      );
      // A data set added to the seeder after this database was filled (tasks, say) is seeded now.
      const counts = crmCounts(existing);
      for (const step of CRM_STEPS) {
        if (!step.option || (await countRows(db, step.tables[step.tables.length - 1]!)) > 0) continue;
        await seedStep(ctx, step, counts.get(step)!);
        await analyzeAfterLoad(db);
      }
    } else {
      const seeded = await seedUsers(ctx, users);
      console.log(`Seeded ${seeded.rows.toLocaleString('en')} users in ${fixed(seeded.ms, 0)} ms.`);
      // Partners, contacts (with staff, notes and history), products, tasks: bench/generators/crm.ts.
      for (const [step, count] of crmCounts()) await seedStep(ctx, step, count);
      await analyzeAfterLoad(db);
    }
    const samples = await readSamples(db);
    const scenarios = chosen.map((scenario) => withSamples(scenario, samples));
    if (values.explain) {
      const code = await reportExplain(db, scenarios, scratch.engine);
      if (code !== 0 || !values['direct-only']) return code;
    }
    if (values['direct-only']) return await reportDirect(db, scenarios, iterations, scratch);

    const serverEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: scratch.options.dataDir,
      ...(scratch.options.databaseUrl ? { DATABASE_URL: scratch.options.databaseUrl } : {}),
      // The search scenarios send one account's searches from 10 connections, far beyond what a
      // person types: the per-person search limit would answer them 429 (docs/benchmarks.md).
      SEARCHES_PER_SECOND: '0',
    };
    let base: string;
    let serverPids: number[];
    if (workers === 1) {
      const config = loadConfig(serverEnv);
      app = await buildApp({ config, db, serveWeb: false });
      await app.listen({ host: config.host, port: config.port });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      serverPids = [process.pid];
    } else {
      bundleServer();
      processes = await forkServerProcesses({
        count: workers,
        log: { info: () => {}, error: (...args: unknown[]) => console.error(...args) },
        exec: SERVER_MAIN,
        execArgv: process.execArgv.filter((flag) => flag.startsWith('--max-semi')),
        env: serverEnv,
      });
      base = `http://127.0.0.1:${processes.port}`;
      serverPids = processes.pids();
    }
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}` };

    console.log(
      `Load: ${connections} connections, ${warmup} s warm-up + ${duration} s per scenario; ` +
        `${workers} server process${workers === 1 ? ' (in the bench)' : 'es'}; ` +
        `${os.cpus().length} cores, Node ${process.version}, load average ${fixed(os.loadavg()[0] ?? Number.NaN, 2)}\n`,
    );
    const measured: Measured[] = [];
    // A scenario whose request answers wrongly is reported and skipped; the others still run.
    const unanswered: string[] = [];
    for (const scenario of scenarios) {
      if (interrupted) break;
      try {
        if (scenario.write) await checkWrite(base, await scenario.write(db), headers, scenario.name);
        else await checkAnswer(base, scenario, headers);
      } catch (error) {
        unanswered.push((error as Error).message);
        console.log(`  not measured: ${(error as Error).message}`);
        continue;
      }
      const direct = scenario.direct
        ? await timeRuns(scenario.direct(db, queryOf(scenario.path)), iterations, 50)
        : undefined;
      const busyBefore = await machineBusyShare();
      // A write load starts from the database as the previous load left it (a deal's version).
      const writeLoad = async () => (scenario.write ? await scenario.write(db!) : undefined);
      if (warmup > 0) await load(base, scenario, headers, connections, warmup, await writeLoad());
      if (interrupted) break;
      const nextLoad = await writeLoad();
      const stopWatching = watchServing(serverPids);
      const http = await load(base, scenario, headers, connections, duration, nextLoad);
      const loop = stopWatching();
      if (!http) break;
      measured.push({ scenario, http, direct, loop, busyBefore });
      console.log(`  measured ${scenario.name}`);
    }
    if (interrupted) return 130;
    let code = 0;
    if (scenarios.length > 0) {
      const leads = await leadsFirstPageSize(base, headers);
      console.log(
        `\n/leads first page, GET ${LEADS_FIRST_PAGE} (default sort): ${leads.rows} rows of ${leads.total} leads, ` +
          `${leads.bytes.toLocaleString('en')} bytes of JSON as sent (${leads.gzipBytes.toLocaleString('en')} gzipped).`,
      );
      code = report(measured, scratch, connections);
    }
    if (unanswered.length > 0) {
      console.log(`\nNot measured (the request did not answer as expected):\n  ${unanswered.join('\n  ')}`);
      return 1;
    }
    if (fairShare && !interrupted) {
      const missed = await benchFairShare(base, db, serverPids, scratch.engine);
      if (missed.length > 0) {
        console.log(`\nFair share targets missed:\n  ${missed.join('\n  ')}`);
        code = 1;
      }
    }
    const misses: string[] = [];
    if (importRows > 0 && !interrupted)
      misses.push(...(await benchImport(base, headers, serverPids, importRows)));
    if (exportAll && !interrupted) misses.push(...(await benchExport(base, headers, serverPids)));
    if (misses.length > 0) {
      console.log(`
Import and export targets missed:
  ${misses.join('\n  ')}`);
      return scratch.engine === 'sqlite' ? 1 : code;
    }
    return code;
  } finally {
    await processes?.stop();
    await app?.close();
    await db?.destroy();
    await scratch.dispose();
  }
}

async function seedStep(ctx: SeedContext, step: SeedStep, count: number): Promise<void> {
  const result = await step.run(ctx, count);
  for (const part of [result, ...(result.also ?? [])])
    console.log(`Seeded ${part.rows.toLocaleString('en')} ${part.table} in ${fixed(part.ms, 0)} ms.`);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_ADMIN_EMAIL, password: DEFAULT_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`Sign-in as ${SEED_ADMIN_EMAIL} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return token;
}

/** One request first, so that a broken route fails loudly instead of benchmarking error answers. */
async function checkAnswer(base: string, scenario: Scenario, headers: Record<string, string>): Promise<void> {
  const res = await fetch(base + scenario.path, { headers: { ...headers, ...scenario.headers } });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`${scenario.name}: GET ${scenario.path} answered ${res.status} ${body}`);
  const rows = JSON.parse(body) as unknown;
  // Lists must answer rows; counts and details answer one object.
  if (
    Array.isArray(rows)
      ? rows.length === 0 && !scenario.mayBeEmpty
      : typeof rows !== 'object' || rows === null
  )
    throw new Error(`${scenario.name}: GET ${scenario.path} answered no rows`);
}

/**
 * A write scenario's first request, built in this thread by the same module the load's worker
 * loads, so that a broken route fails loudly before the load.
 */
async function checkWrite(
  base: string,
  write: WriteLoad,
  headers: Record<string, string>,
  name: string,
): Promise<void> {
  const require = createRequire(import.meta.url);
  const setupRequest = require(write.setupRequest) as (
    request: { headers: Record<string, string> },
    context: Record<string, unknown>,
  ) => { method: string; path: string; headers: Record<string, string>; body: string };
  const onResponse = require(write.onResponse) as (
    status: number,
    body: string,
    context: Record<string, unknown>,
  ) => void;
  const context = structuredClone(write.initialContext);
  const request = setupRequest({ headers }, context);
  const res = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = await res.text();
  onResponse(res.status, body, context);
  if (res.status !== 200)
    throw new Error(`${name}: ${request.method} ${request.path} answered ${res.status} ${body}`);
}

function queryOf(pathAndQuery: string): Record<string, string> {
  return Object.fromEntries(new URL(pathAndQuery, 'http://localhost').searchParams);
}

/** One autocannon run; undefined when it was stopped by a signal (autocannon then reports nothing). */
function load(
  base: string,
  scenario: Scenario,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  write?: WriteLoad,
): Promise<autocannon.Result | undefined> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + (write ? '/' : scenario.path),
        connections,
        duration,
        headers: { ...headers, ...scenario.headers },
        workers: 1,
        timeout: 10,
        ...(write
          ? {
              requests: [{ setupRequest: write.setupRequest, onResponse: write.onResponse }],
              initialContext: write.initialContext,
            }
          : {}),
      },
      (error, result) => {
        stopLoad = undefined;
        if (error) reject(error);
        else resolve(result);
      },
    );
    stopLoad = () => {
      stopLoad = undefined;
      instance.stop();
      resolve(undefined);
    };
  });
}

/** Issue 11: the server processes' anonymous memory under the list load at 1,000,000 contacts. */
const SERVER_ANON_TARGET_MB = 300;

function report(measured: readonly Measured[], scratch: ScratchDatabase, connections: number): number {
  const engine = scratch.engine;
  const enforced = connections <= TARGET_CONNECTIONS;
  const failures: string[] = [];
  const rows = measured.map(({ scenario, http, direct }) => {
    const directP50 = direct ? percentile(direct, 50) : Number.NaN;
    const directP99 = direct ? percentile(direct, 99) : Number.NaN;
    const rps = http.requests.total / http.duration;
    const target = scenario.target?.[engine];
    // Error answers fail a run at any load; a latency target only at the load it was set for.
    const broken = http.non2xx > 0 || http.errors > 0 || http.timeouts > 0;
    const slow = target !== undefined && http.latency.p99 > target;
    if (broken) {
      failures.push(
        `${scenario.name}: ${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`,
      );
    }
    if (slow && enforced) failures.push(`${scenario.name}: p99 ${http.latency.p99} ms > ${target} ms`);
    let verdict = target === undefined ? '—' : 'ok';
    if (slow) verdict = enforced ? 'FAIL' : 'miss';
    if (broken) verdict = 'FAIL';
    return [
      scenario.name,
      wholeMs(http.latency.p50),
      wholeMs(http.latency.p99),
      fixed(rps, 0),
      fixed(1000 / rps, 2),
      fixed(directP50, 2),
      fixed(directP99, 2),
      Number.isFinite(directP50) && http.latency.p50 > 0 ? `${fixed(http.latency.p50 / directP50, 1)}×` : '—',
      target === undefined ? '—' : `≤ ${target}`,
      verdict,
    ];
  });

  console.log(`\n${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${connections} connections:\n`);
  console.log(
    markdownTable(
      [
        'scenario',
        'HTTP p50 ms',
        'HTTP p99 ms',
        'req/s',
        'ms/req (1/rps)',
        'DB p50 ms',
        'DB p99 ms',
        'HTTP p50 / DB p50',
        'p99 target ms',
        'result',
      ],
      rows,
    ),
  );
  console.log(
    '\nHTTP latencies are whole milliseconds under load (autocannon); ms/req is the serving time per ' +
      'request at that throughput; DB columns time the repository call alone, one at a time, on the same ' +
      'database.',
  );
  printServingThread(measured);
  const anon = Math.max(...measured.map(({ loop }) => loop.peak.anon));
  const rss = Math.max(...measured.map(({ loop }) => loop.peak.rss));
  if (Number.isFinite(anon)) {
    const over = anon > SERVER_ANON_TARGET_MB;
    console.log(
      `\nServer memory under load, at its highest, summed over the server processes: anonymous ${fixed(anon, 0)} MB ` +
        `(target ≤ ${SERVER_ANON_TARGET_MB} MB: ${over ? 'miss' : 'ok'}), resident ${fixed(rss, 0)} MB ` +
        '(anonymous plus the pages of the mapped database file).',
    );
    if (over && enforced)
      failures.push(`server anonymous memory ${fixed(anon, 0)} MB > ${SERVER_ANON_TARGET_MB} MB`);
  }

  const busiest = Math.max(...measured.map(({ busyBefore }) => busyBefore));
  if (busiest > BUSY_MACHINE_SHARE) {
    console.log(
      `\nWarning: before a run, other processes already kept ${fixed(100 * busiest, 0)}% of the cores busy; ` +
        'latencies are inflated. Rerun on a quiet machine before trusting the verdict.',
    );
  }
  if (!enforced) {
    console.log(
      `\nTargets hold at ${TARGET_CONNECTIONS} connections and are not enforced at ${connections}.`,
    );
  }
  if (failures.length > 0) {
    console.log('\nMissed:');
    for (const failure of failures) console.log(`  ${failure}`);
    return 1;
  }
  console.log(enforced ? '\nAll targets met.' : '\nNo errors.');
  return 0;
}

/** Where the serving thread's time went during each load: its own CPU, other processes, GC. */
function printServingThread(measured: readonly Measured[]): void {
  console.log('\nThe serving thread during each load:\n');
  console.log(
    markdownTable(
      [
        'scenario',
        'CPU ms/req',
        'machine busy before',
        'waited for a core',
        'loop delay p99 ms',
        'loop delay max ms',
        'GC pauses',
        'GC total ms',
        'GC max ms',
        'server anon / RSS MB (peak)',
      ],
      measured.map(({ scenario, loop, http, busyBefore }) => {
        const wallMs = http.duration * 1000;
        return [
          scenario.name,
          fixed(loop.cpuMs / http.requests.total, 3),
          Number.isFinite(busyBefore) ? `${fixed(100 * busyBefore, 0)}%` : '—',
          Number.isFinite(loop.runQueueWaitMs) ? `${fixed((100 * loop.runQueueWaitMs) / wallMs, 1)}%` : '—',
          fixed(loop.delayP99Ms, 1),
          fixed(loop.delayMaxMs, 1),
          fixed(loop.gcCount, 0),
          `${fixed(loop.gcTotalMs, 0)} (${fixed((100 * loop.gcTotalMs) / wallMs, 1)}%)`,
          fixed(loop.gcMaxMs, 1),
          `${fixed(loop.peak.anon, 0)} / ${fixed(loop.peak.rss, 0)}`,
        ];
      }),
    ),
  );
  console.log(
    "\nCPU ms/req is the serving thread's own CPU time per answered request, whatever else runs on the " +
      'machine; "machine busy before" is how busy all cores were with other work in the second before the ' +
      'load; "waited for a core" is the share of the run the thread was ready but not running (for ' +
      "PostgreSQL the database's own processes count); loop delay is how long the event loop went without " +
      'turning (at saturation it includes back-to-back requests).',
  );
}

/** The database-only timings alone (--direct-only): where a query stands before any HTTP load. */
async function reportDirect(
  db: Db,
  scenarios: readonly Scenario[],
  iterations: number,
  scratch: ScratchDatabase,
): Promise<number> {
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    if (interrupted) return 130;
    if (!scenario.direct) continue;
    const { wall, cpu } = await timeRunsWithCpu(
      scenario.direct(db, queryOf(scenario.path)),
      iterations,
      Math.min(50, iterations),
    );
    const target = scenario.target?.[scratch.engine];
    rows.push([
      scenario.name,
      fixed(percentile(wall, 50), 2),
      fixed(percentile(wall, 99), 2),
      fixed(percentile(cpu, 50), 2),
      target === undefined ? '—' : `≤ ${target}`,
    ]);
    console.log(`  timed ${scenario.name}`);
  }
  console.log(
    `\n${scratch.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}, database alone, one at a time:\n`,
  );
  console.log(
    markdownTable(['scenario', 'DB p50 ms', 'DB p99 ms', 'DB CPU p50 ms', 'HTTP p99 target ms'], rows),
  );
  console.log(
    '\nDB CPU is the CPU time of this process per run: on SQLite the query itself, steady when other work ' +
      'keeps the cores busy (PostgreSQL works in its own processes, so there it is only the client side).',
  );
  return 0;
}

/**
 * --explain: each scenario's database-only run recorded once and every read it sends explained
 * (bench/lib/explain.ts), the plans printed and written to bench/plans/<engine>/, then a summary of
 * the round trips and of the full scans of big tables.
 */
async function reportExplain(db: Db, scenarios: readonly Scenario[], engine: Engine): Promise<number> {
  const withDirect = scenarios.filter((scenario) => scenario.direct);
  const slugs = new Map<string, string>();
  for (const { name } of withDirect) {
    const other = slugs.get(slugOf(name));
    if (other) throw new Error(`"${name}" and "${other}" would share the plan file ${slugOf(name)}.txt`);
    slugs.set(slugOf(name), name);
  }
  const contacts = await countRows(db, 'contacts');
  const { rows } = await sql<{ version: string }>`${sql.raw(
    engine === 'postgres' ? 'select version() as version' : "select 'SQLite ' || sqlite_version() as version",
  )}`.execute(db);
  const heading = `${rows[0]?.version ?? engine}; ${contacts.toLocaleString('en')} contacts; ${new Date().toISOString().slice(0, 10)}`;
  const results: ScenarioPlans[] = [];
  for (const scenario of withDirect) {
    if (interrupted) return 130;
    const result = await explainScenario(db, engine, scenario, queryOf(scenario.path), heading);
    results.push(result);
    console.log(`\n${formatPlans(result, engine, heading)}`);
  }
  console.log(
    `\n${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}, plans of ${results.length} scenarios:\n`,
  );
  console.log(explainSummary(results, engine));
  console.log(
    '\nRound trips are the statements one database-only run sends, counted on its connection after a first ' +
      "run (transaction control included; the HTTP request adds the session's lookup). A scan beyond its " +
      'matches is a plan that reads a big table whole (PostgreSQL: Seq Scan; SQLite: SCAN without an index).',
  );
  return 0;
}

/** autocannon records whole milliseconds, so a sub-millisecond latency reads 0. */
function wholeMs(value: number): string {
  return value === 0 ? '<1' : fixed(value, 0);
}

runMain(main, USAGE);
