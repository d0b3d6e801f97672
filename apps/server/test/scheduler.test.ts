import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { Scheduler } from '../src/modules/jobs/scheduler.js';
import { type Schedule, slotAt, slotRule } from '../src/modules/jobs/schedules.js';
import { until } from './helpers/server-process.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);

let t: TestApp;
let kindCounter = 0;
/** Each test schedules its own kind, so tests never share a schedule's row or jobs. */
const freshKind = () => `scheduled-${++kindCounter}`;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_MS: '0' });
});
afterAll(async () => t.close());

/**
 * One process's scheduler with one schedule. All of a test's schedulers share the test's connection:
 * on SQLite a second connection in the same thread would wait synchronously for the first one's
 * lock and never let it go (the three-process test below races real processes).
 */
function instance(kind: string, schedule: Schedule) {
  const scheduler = new Scheduler(t.db, (error) => {
    throw error;
  });
  scheduler.add(kind, schedule);
  return { enqueueDue: (iso: string) => scheduler.enqueueDue(at(iso)) };
}

const jobsOf = (kind: string) =>
  t.db
    .selectFrom('jobs')
    .select(['state', 'unique_key', 'run_at', 'payload'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

const queued = (kind: string, slot: string) => ({
  state: 'queued',
  unique_key: `${kind}@${slot}`,
  run_at: slot,
  payload: JSON.stringify({ slot }),
});

const lastSlot = async (kind: string) =>
  (await t.db.selectFrom('job_schedules').select('last_slot').where('kind', '=', kind).executeTakeFirst())
    ?.last_slot;

describe('slots', () => {
  it("of an interval start at the interval's multiples since the epoch", () => {
    const minutes = slotRule(15 * MINUTE);
    expect(slotAt(minutes, at('2025-03-10T07:14:59.999Z'))).toBe(at('2025-03-10T07:00:00.000Z'));
    expect(slotAt(minutes, at('2025-03-10T07:15:00.000Z'))).toBe(at('2025-03-10T07:15:00.000Z'));
    const seconds = slotRule(1500);
    expect(slotAt(seconds, at('2025-03-10T07:00:01.000Z'))).toBe(at('2025-03-10T07:00:00.000Z'));
    expect(slotAt(seconds, at('2025-03-10T07:00:01.600Z'))).toBe(at('2025-03-10T07:00:01.500Z'));
  });

  it("of a daily time start each day at that time, UTC: yesterday's until today's has come", () => {
    const daily = slotRule({ dailyAt: '07:30' });
    expect(slotAt(daily, at('2025-03-10T07:29:59.999Z'))).toBe(at('2025-03-09T07:30:00.000Z'));
    expect(slotAt(daily, at('2025-03-10T07:30:00.000Z'))).toBe(at('2025-03-10T07:30:00.000Z'));
    expect(slotAt(daily, at('2025-03-10T23:59:59.999Z'))).toBe(at('2025-03-10T07:30:00.000Z'));
    expect(slotAt(slotRule({ dailyAt: '00:00' }), at('2025-03-10T00:00:00.000Z'))).toBe(
      at('2025-03-10T00:00:00.000Z'),
    );
  });

  it('refuses a schedule that is neither a positive interval nor a time as HH:MM', () => {
    for (const interval of [0, -1000, 1.5, Number.NaN]) expect(() => slotRule(interval)).toThrow('interval');
    for (const dailyAt of ['7:00', '24:00', '07:60', '07:00:00', '']) {
      expect(() => slotRule({ dailyAt })).toThrow(`dailyAt must be a UTC time as HH:MM, not ${dailyAt}`);
    }
  });
});

describe('the scheduler', () => {
  it("enqueues an interval's current slot at once, once across processes, and each later slot once", async () => {
    const kind = freshKind();
    const [a, b] = [instance(kind, MINUTE), instance(kind, MINUTE)];
    const enqueued = await Promise.all([
      a.enqueueDue('2025-03-10T07:00:30.000Z'),
      b.enqueueDue('2025-03-10T07:00:30.001Z'),
    ]);
    expect(enqueued.flat()).toEqual([kind]);
    expect(await jobsOf(kind)).toEqual([queued(kind, '2025-03-10T07:00:00.000Z')]);

    // Done, the job no longer holds its unique key: the schedule's row alone keeps the slot from
    // being enqueued again by a process starting now.
    await t.db.updateTable('jobs').set({ state: 'done' }).where('kind', '=', kind).execute();
    expect(await instance(kind, MINUTE).enqueueDue('2025-03-10T07:00:59.000Z')).toEqual([]);

    expect(await a.enqueueDue('2025-03-10T07:01:00.000Z')).toEqual([kind]);
    expect(await b.enqueueDue('2025-03-10T07:01:00.002Z')).toEqual([]);
    expect((await jobsOf(kind)).map((job) => job.unique_key)).toEqual([
      `${kind}@2025-03-10T07:00:00.000Z`,
      `${kind}@2025-03-10T07:01:00.000Z`,
    ]);
  });

  it('waits for the next occurrence of a daily time that no process has run yet, then runs each day once', async () => {
    const kind = freshKind();
    const daily = { dailyAt: '07:00' };
    const a = instance(kind, daily);
    // A fresh install started after the hour: nothing today, the first slot is tomorrow's.
    expect(await a.enqueueDue('2025-03-10T08:30:00.000Z')).toEqual([]);
    expect(await lastSlot(kind)).toBe('2025-03-10T07:00:00.000Z');
    expect(await a.enqueueDue('2025-03-11T06:59:59.999Z')).toEqual([]);
    expect(await a.enqueueDue('2025-03-11T07:00:00.000Z')).toEqual([kind]);
    expect(await instance(kind, daily).enqueueDue('2025-03-11T07:00:01.000Z')).toEqual([]);
    expect(await jobsOf(kind)).toEqual([queued(kind, '2025-03-11T07:00:00.000Z')]);
  });

  it('runs the latest slot missed while no process ran, once, when the first process is back', async () => {
    const daily = freshKind();
    await instance(daily, { dailyAt: '07:00' }).enqueueDue('2025-03-10T06:00:00.000Z');
    // Down from the 10th to the 13th after the hour: the 13th's slot runs, not one a day.
    const back = instance(daily, { dailyAt: '07:00' });
    expect(await back.enqueueDue('2025-03-13T09:00:00.000Z')).toEqual([daily]);
    expect(await jobsOf(daily)).toEqual([queued(daily, '2025-03-13T07:00:00.000Z')]);

    const interval = freshKind();
    await instance(interval, MINUTE).enqueueDue('2025-03-10T07:00:00.000Z');
    expect(await instance(interval, MINUTE).enqueueDue('2025-03-10T07:05:10.000Z')).toEqual([interval]);
    expect((await jobsOf(interval)).map((job) => job.run_at)).toEqual([
      '2025-03-10T07:00:00.000Z',
      '2025-03-10T07:05:00.000Z',
    ]);
  });

  it('asks the database nothing until the next slot has come', async () => {
    const kind = freshKind();
    const a = instance(kind, MINUTE);
    expect(await a.enqueueDue('2025-03-10T07:00:00.000Z')).toEqual([kind]);
    // Had it asked, an interval without a row would have run again at once.
    await t.db.deleteFrom('job_schedules').where('kind', '=', kind).execute();
    expect(await a.enqueueDue('2025-03-10T07:00:59.999Z')).toEqual([]);
    expect(await lastSlot(kind)).toBeUndefined();
    expect(await a.enqueueDue('2025-03-10T07:01:00.000Z')).toEqual([kind]);
  });
});

describe("a runner's schedule", () => {
  it("is enqueued by the runner's poll and its handler gets the slot", async () => {
    const kind = freshKind();
    const runner = new JobRunner(t.db, { pollMs: 0 });
    const slots: number[] = [];
    runner.every(kind, HOUR, async (_job, slot) => {
      slots.push(slot);
      return { slot };
    });
    const before = slotAt(slotRule(HOUR), Date.now());
    await runner.runDue();
    await runner.runDue();
    expect(slots).toHaveLength(1);
    expect(slots[0]).toBeGreaterThanOrEqual(before);
    expect(slots[0]! % HOUR).toBe(0);
    expect(await jobsOf(kind)).toEqual([expect.objectContaining({ state: 'done' })]);
  });
});

describe('a scheduled job with three processes', () => {
  const INTERVAL_MS = 1000;
  const SCHEDULED_PROCESS = fileURLToPath(new URL('./helpers/scheduled-process.ts', import.meta.url));

  function startProcess(kind: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', SCHEDULED_PROCESS], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        LOG_LEVEL: 'silent',
        JOBS_POLL_MS: '50',
        KIND: kind,
        INTERVAL_MS: String(INTERVAL_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, output: () => output, exited };
  }

  const runs = async () =>
    (await sql<{ slot: string }>`select slot from scheduled_runs order by slot`.execute(t.db)).rows;

  it('runs once per slot', { timeout: 120_000 }, async () => {
    await sql`create table scheduled_runs (slot varchar(30) not null)`.execute(t.db);
    const kind = freshKind();
    const processes = [1, 2, 3].map(() => startProcess(kind));
    const children: ChildProcess[] = processes.map((p) => p.child);
    const outputs = () => processes.map((p) => p.output()).join('\n');
    let first = '';
    try {
      await until('the three processes to start', () =>
        processes.every((p) => p.output().includes('ready')) ? true : undefined,
      );
      // Every slot from the one after all three had started, over several slots.
      first = new Date(slotAt(slotRule(INTERVAL_MS), Date.now()) + INTERVAL_MS).toISOString();
      await until(
        'several slots to run',
        async () => ((await runs()).filter((run) => run.slot >= first).length >= 6 ? true : undefined),
        30_000,
        outputs,
      );
      // Stop mid-slot, when no slot's job is running (a job running when its process stops is handed
      // back to run again, which is the runner's rule for every job, not this test's subject).
      while (Date.now() % INTERVAL_MS < INTERVAL_MS / 2) await new Promise((r) => setTimeout(r, 20));
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
    }
    const all = await runs();
    const slots = all.map((run) => run.slot);
    expect(outputs().replaceAll('ready', '').trim()).toBe('');
    expect(slots).toEqual([...new Set(slots)]);
    const measured = slots.filter((slot) => slot >= first);
    const last = measured.at(-1) as string;
    const expected: string[] = [];
    for (let slot = at(first); slot <= at(last); slot += INTERVAL_MS)
      expected.push(new Date(slot).toISOString());
    expect(measured).toEqual(expected);
  });
});
