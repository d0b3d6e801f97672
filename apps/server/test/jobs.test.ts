import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { isoAfter } from '../src/lib/time.js';
import { JobLostError, JobRunner } from '../src/modules/jobs/job-runner.js';
import { cancelJob, claimNextJob, findJob, saveJobProgress } from '../src/modules/jobs/jobs.repository.js';
import { enqueueJob, getJob } from '../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
/** A second connection to the same database: another server process, as far as the queue can tell. */
let other: Db;
let kindCounter = 0;
/** Each test queues its own kind, so runners of one test never take another test's jobs. */
const freshKind = () => `test-${++kindCounter}`;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_MS: '0' });
  other = createDatabase(t.config);
});
afterAll(async () => {
  await other.destroy();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  read: () => Promise<T>,
  until: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

describe('job queue', () => {
  it('runs a queued job with its payload and keeps its progress and result', async () => {
    const kind = freshKind();
    const runner = new JobRunner(t.db, { pollMs: 0 });
    runner.register(kind, async (ctx) => {
      const { n } = ctx.job.payload as { n: number };
      await ctx.progress({ done: n, total: n, errors: 1 });
      return { doubled: n * 2 };
    });
    const id = await enqueueJob(t.db, { kind, payload: { n: 21 } });
    await runner.runDue();
    const job = await getJob(t.db, id as number);
    expect(job).toMatchObject({
      kind,
      state: 'done',
      progress: { done: 21, total: 21, errors: 1 },
      result: { doubled: 42 },
      error: null,
      attempts: 1,
    });
    expect(job?.finishedAt).not.toBeNull();
  });

  it('runs each job exactly once when two processes poll the same table', async () => {
    const kind = freshKind();
    const runs = new Map<number, string[]>();
    const handler = (name: string) => async (ctx: { job: { id: number } }) => {
      runs.set(ctx.job.id, [...(runs.get(ctx.job.id) ?? []), name]);
      await sleep(2);
    };
    const a = new JobRunner(t.db, { pollMs: 10, concurrency: 3 });
    const b = new JobRunner(other, { pollMs: 10, concurrency: 3 });
    a.register(kind, handler('a'));
    b.register(kind, handler('b'));
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueueJob(t.db, { kind, payload: i })) as number);
    a.start();
    b.start();
    try {
      await waitFor(
        () =>
          t.db
            .selectFrom('jobs')
            .select('state')
            .where('kind', '=', kind)
            .where('state', '=', 'done')
            .execute(),
        (rows) => rows.length === 40,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
    // Both processes took a share.
    const byRunner = [...runs.values()].flat();
    expect(byRunner).toContain('a');
    expect(byRunner).toContain('b');
  });

  it('claims again a job whose process died, resumes from its checkpoint, and fences the old holder out', async () => {
    const kind = freshKind();
    const id = (await enqueueJob(t.db, { kind, payload: { rows: 10 } })) as number;
    // A process claims it with a short lease, saves a checkpoint after 4 rows, then dies.
    const dead = await claimNextJob(other, {
      workerId: 'dead',
      kinds: [kind],
      now: isoAfter(0),
      leaseUntil: isoAfter(50),
      lane: 'system',
    });
    expect(dead?.id).toBe(id);
    expect(
      await saveJobProgress(
        other,
        id,
        'dead',
        { done: 4, checkpoint: JSON.stringify({ next: 4 }) },
        isoAfter(50),
      ),
    ).toBe(true);
    // While the lease holds, nobody else takes it.
    expect(
      await claimNextJob(t.db, {
        workerId: 'early',
        kinds: [kind],
        now: isoAfter(0),
        leaseUntil: isoAfter(1000),
        lane: 'system',
      }),
    ).toBeUndefined();
    await sleep(80);

    const seen: unknown[] = [];
    const runner = new JobRunner(t.db, { pollMs: 0 });
    runner.register(kind, async (ctx) => {
      seen.push(ctx.job.checkpoint);
      const { next } = ctx.job.checkpoint as { next: number };
      for (let row = next; row < 10; row++)
        await ctx.progress({ done: row + 1, checkpoint: { next: row + 1 } });
      return { resumedAt: next, attempt: ctx.job.attempt };
    });
    await runner.runDue();
    expect(seen).toEqual([{ next: 4 }]);
    expect(await getJob(t.db, id)).toMatchObject({
      state: 'done',
      progress: { done: 10 },
      result: { resumedAt: 4, attempt: 2 },
    });
    // The process that lost the job can no longer write its progress.
    expect(await saveJobProgress(other, id, 'dead', { done: 5 }, isoAfter(1000))).toBe(false);
  });

  it('rolls back a batch whose job was taken over: ctx.progress throws JobLostError inside the transaction', async () => {
    const kind = freshKind();
    const id = (await enqueueJob(t.db, { kind })) as number;
    const runner = new JobRunner(t.db, { pollMs: 0, leaseMs: 60_000 });
    let thrown: unknown;
    runner.register(kind, async (ctx) => {
      await cancelJob(t.db, ctx.job.id);
      try {
        await t.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('settings')
            .values({ key: `job-batch-${ctx.job.id}`, value: 'x' })
            .execute();
          await ctx.progress({ done: 1 }, trx);
        });
      } catch (error) {
        thrown = error;
        throw error;
      }
    });
    await runner.runDue();
    expect(thrown).toBeInstanceOf(JobLostError);
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', `job-batch-${id}`)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await findJob(t.db, id))?.state).toBe('cancelled');
  });

  it('queues a failed job again with its error, and fails it for good after its last attempt', async () => {
    const kind = freshKind();
    const runner = new JobRunner(t.db, { pollMs: 0 });
    runner.register(kind, async () => {
      throw new Error('The file could not be read');
    });
    const retried = (await enqueueJob(t.db, { kind, maxAttempts: 2 })) as number;
    await runner.runDue();
    const afterFirst = await findJob(t.db, retried);
    expect(afterFirst).toMatchObject({
      state: 'queued',
      attempts: 1,
      error: 'The file could not be read',
      locked_by: null,
    });
    expect((afterFirst?.run_at ?? '') > new Date().toISOString()).toBe(true);

    const last = (await enqueueJob(t.db, { kind, maxAttempts: 1 })) as number;
    await runner.runDue();
    expect(await getJob(t.db, last)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'The file could not be read',
    });
  });

  it('does not run a job before its time', async () => {
    const kind = freshKind();
    const runner = new JobRunner(t.db, { pollMs: 0 });
    let ran = 0;
    runner.register(kind, async () => {
      ran++;
    });
    const id = (await enqueueJob(t.db, { kind, runAt: isoAfter(60_000) })) as number;
    await runner.runDue();
    expect(ran).toBe(0);
    expect((await findJob(t.db, id))?.state).toBe('queued');
  });

  it('keeps one queued or running job per unique key, and takes the key again once it is done', async () => {
    const kind = freshKind();
    const first = await enqueueJob(t.db, { kind, uniqueKey: `${kind}:cleanup` });
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(other, { kind, uniqueKey: `${kind}:cleanup` })).toBeUndefined();
    const runner = new JobRunner(t.db, { pollMs: 0 });
    runner.register(kind, async () => 'ok');
    await runner.runDue();
    const again = await enqueueJob(t.db, { kind, uniqueKey: `${kind}:cleanup` });
    expect(again).toBeTypeOf('number');
    expect(again).not.toBe(first);
  });

  it('hands a running job back when its process stops, and another process resumes it at once', async () => {
    const kind = freshKind();
    const id = (await enqueueJob(t.db, { kind })) as number;
    const stopping = new JobRunner(t.db, { pollMs: 10 });
    stopping.register(kind, async (ctx) => {
      await ctx.progress({ done: 3, checkpoint: { next: 3 } });
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    stopping.start();
    await waitFor(
      () => findJob(t.db, id),
      (job) => job?.progress_done === 3,
    );
    await stopping.stop();
    expect(await findJob(t.db, id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });

    const next = new JobRunner(other, { pollMs: 0 });
    next.register(kind, async (ctx) => ctx.job.checkpoint);
    await next.runDue();
    expect(await getJob(t.db, id)).toMatchObject({ state: 'done', result: { next: 3 }, attempts: 1 });
  });
});
