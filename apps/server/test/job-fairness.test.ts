import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { isoAfter, nowIso } from '../src/lib/time.js';
import { createEventBus } from '../src/modules/events/create-event-bus.js';
import type { EventBus } from '../src/modules/events/event-bus.js';
import { IMPORT_PREVIEW_JOB } from '../src/modules/imports/import-jobs.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { claimNextJob, type JobClaim } from '../src/modules/jobs/jobs.repository.js';
import { enqueueJob } from '../src/modules/jobs/jobs.service.js';
import { DUE_JOB, sendDueReminders } from '../src/modules/tasks/due-reminders.js';
import { call } from './helpers/contacts.js';
import { type ImportJson, upload, waitForImport } from './helpers/imports.js';
import { createTask, notificationsOf } from './helpers/tasks.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

let kindCounter = 0;
/** Each test queues its own kinds, so that one test's claims never take another's jobs. */
const freshKind = () => `fair-${++kindCounter}`;

describe('the queue, claimed by the database', () => {
  let t: TestApp;
  let other: Db;
  const people: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    other = createDatabase(t.config);
    for (const firstName of ['Ayla', 'Burak', 'Ceren']) people.push((await signIn(t, { firstName })).id);
  });
  afterAll(async () => {
    await other.destroy();
    await t.close();
  });

  const claim = (kind: string, worker: string, extra: Partial<JobClaim> = {}) =>
    claimNextJob(t.db, {
      workerId: worker,
      kinds: [kind],
      now: nowIso(),
      leaseUntil: isoAfter(60_000),
      lane: 'people',
      ...extra,
    });

  it('serves the person with the fewest jobs running first, then the oldest job', async () => {
    const kind = freshKind();
    const [ayla, burak, ceren] = people as [number, number, number];
    const queue = async (actorId: number) => (await enqueueJob(t.db, { kind, actorId })) as number;
    const a1 = await queue(ayla);
    const a2 = await queue(ayla);
    const a3 = await queue(ayla);
    const b1 = await queue(burak);
    const b2 = await queue(burak);
    const c1 = await queue(ceren);

    expect((await claim(kind, 'w1'))?.id).toBe(a1);
    // Ayla has one running: Burak's job, queued after all of hers, goes first…
    expect((await claim(kind, 'w1'))?.id).toBe(b1);
    // …and Ceren's, queued last, before either's second.
    expect((await claim(kind, 'w1'))?.id).toBe(c1);
    // Everyone has one running: the oldest waiting job.
    expect((await claim(kind, 'w1'))?.id).toBe(a2);
    // A runner's last free slot takes only the job of someone with nothing running.
    expect(await claim(kind, 'w2', { newcomersOnly: true })).toBeUndefined();
    expect((await claim(kind, 'w1'))?.id).toBe(b2);
    expect((await claim(kind, 'w1'))?.id).toBe(a3);
  });

  it('keeps jobs nobody started apart from people’s: each lane claims only its own', async () => {
    const kind = freshKind();
    const system = (await enqueueJob(t.db, { kind })) as number;
    const personal = (await enqueueJob(t.db, { kind, actorId: people[0] })) as number;
    expect((await claim(kind, 'w1'))?.id).toBe(personal);
    expect(await claim(kind, 'w1')).toBeUndefined();
    expect((await claim(kind, 'w1', { lane: 'system' }))?.id).toBe(system);
  });

  it('runs every job exactly once, in both lanes, when two processes claim at the same time', async () => {
    const kind = freshKind();
    const runs = new Map<number, string[]>();
    const handler = (name: string) => async (ctx: { job: { id: number } }) => {
      runs.set(ctx.job.id, [...(runs.get(ctx.job.id) ?? []), name]);
      await sleep(2);
    };
    const a = new JobRunner(t.db, { pollMs: 10, concurrency: 3, systemConcurrency: 2 });
    const b = new JobRunner(other, { pollMs: 10, concurrency: 3, systemConcurrency: 2 });
    a.register(kind, handler('a'));
    b.register(kind, handler('b'));
    const ids: number[] = [];
    for (let i = 0; i < 48; i++) {
      const actorId = i % 4 === 3 ? null : people[i % 3];
      ids.push((await enqueueJob(t.db, { kind, payload: i, actorId })) as number);
    }
    a.start();
    b.start();
    try {
      await until(
        () =>
          t.db.selectFrom('jobs').select('id').where('kind', '=', kind).where('state', '=', 'done').execute(),
        (rows) => rows.length === ids.length,
        30_000,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
  });
});

describe('reminders beside imports', () => {
  let t: TestApp;
  let events: EventBus;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    events = createEventBus(t.config, t.db, () => {});
  });
  afterAll(async () => {
    await events.close();
    await t.close();
  });

  it('sends a due task’s reminder while imports fill every slot people’s jobs may take', async () => {
    const importers = [await signIn(t, { firstName: 'Irem' }), await signIn(t, { firstName: 'Ilker' })];
    const assignee = await signIn(t, { firstName: 'Deniz' });
    // Imports that hold their slots until the test lets them go.
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let importsRunning = 0;
    const runner = new JobRunner(t.db, { pollMs: 20 });
    runner.register(IMPORT_PREVIEW_JOB, async () => {
      importsRunning++;
      await held;
    });
    runner.register(DUE_JOB, async () => ({ notified: await sendDueReminders({ db: t.db, events }) }));
    for (let i = 0; i < 6; i++)
      await enqueueJob(t.db, { kind: IMPORT_PREVIEW_JOB, actorId: importers[i % 2]?.id, payload: { i } });
    runner.start();
    try {
      await until(
        async () => importsRunning,
        (n) => n === 2,
      );
      // Due a minute ago: its reminder job is queued, due at once, behind every import.
      const task = await createTask(t, assignee, { title: 'Call back', dueAt: isoAfter(-60_000) });
      const reminders = await until(
        async () => (await notificationsOf(t, assignee)).filter((n) => n.kind === 'task_due'),
        (found) => found.length > 0,
        5000,
      );
      expect(reminders.map((n) => [n.taskId, n.text])).toEqual([[task.id, 'Call back']]);
      // The imports still hold both slots.
      const running = await t.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', IMPORT_PREVIEW_JOB)
        .where('state', '=', 'running')
        .execute();
      expect(running).toHaveLength(2);
    } finally {
      letGo();
      await runner.stop();
    }
  });
});

describe('previews of two people', () => {
  let t: TestApp;
  let ayse: SignedIn;
  let berk: SignedIn;

  beforeAll(async () => {
    // The runner polls as a server's does; Ayşe may queue all six previews for this test.
    t = await createTestApp({ JOBS_POLL_MS: '50', IMPORT_PREVIEWS_PER_PERSON: '10' });
    ayse = await signIn(t, { firstName: 'Ayşe' });
    berk = await signIn(t, { firstName: 'Berk' });
  });
  afterAll(async () => t.close());

  function leads(rows: number, tag: string): string {
    const lines = ['First Name,Surname,E-Mail,Phone Number,Source'];
    for (let i = 0; i < rows; i++)
      lines.push(`Lead${i},${tag},lead${i}.${tag}@example.com,+9053${String(30_000_000 + i)},Facebook`);
    return `${lines.join('\n')}\n`;
  }

  it('previews a second person’s one-row file at once while the first has six large previews queued', async () => {
    const large: ImportJson[] = [];
    for (let i = 0; i < 6; i++) large.push(await upload(t, ayse, `large${i}.csv`, leads(1500, `big${i}`)));
    const small = await upload(t, berk, 'one.csv', leads(1, 'small'));
    for (const view of large) {
      const res = await call(t, 'POST', `/api/imports/${view.id}/preview`, ayse, { mapping: view.mapping });
      expect(res.statusCode).toBe(202);
    }
    const res = await call(t, 'POST', `/api/imports/${small.id}/preview`, berk, { mapping: small.mapping });
    expect(res.statusCode).toBe(202);
    const previewed = await waitForImport(t, berk, small.id, ['previewed'], 60_000);
    expect(previewed.preview).toMatchObject({ create: 1, error: 0 });

    const jobOf = async (importId: number) => {
      const row = await t.db
        .selectFrom('imports')
        .innerJoin('jobs', 'jobs.id', 'imports.job_id')
        .select(['jobs.created_at', 'jobs.started_at', 'jobs.finished_at'])
        .where('imports.id', '=', importId)
        .executeTakeFirstOrThrow();
      return row;
    };
    const mine = await jobOf(small.id);
    // Claimed as soon as it was queued, not after Ayşe's.
    expect(Date.parse(mine.started_at as string) - Date.parse(mine.created_at)).toBeLessThan(2000);
    const theirs = await Promise.all(large.map((view) => jobOf(view.id)));
    const finishedBefore = theirs.filter(
      (job) => job.finished_at !== null && job.finished_at < (mine.finished_at as string),
    );
    expect(finishedBefore.length).toBeLessThanOrEqual(1);
  });
});
