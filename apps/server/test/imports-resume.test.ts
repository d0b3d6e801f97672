import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { createFileStore } from '../src/modules/files/storage/index.js';
import { IMPORT_BATCH_ROWS, IMPORT_RUN_JOB, importJobHandlers } from '../src/modules/imports/import-jobs.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { call } from './helpers/contacts.js';
import { type ImportJson, upload } from './helpers/imports.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let bora: SignedIn;
let ctx: AppContext;
const ROWS = IMPORT_BATCH_ROWS * 2 + 100;

beforeAll(async () => {
  // No runner in the app: this file runs the import's jobs itself, to stop one midway.
  t = await createTestApp({ JOBS_POLL_MS: '0' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  ctx = {
    db: t.db,
    config: t.config,
    files: createFileStore(t.config),
    jobs: new JobRunner(t.db, { pollMs: 0 }),
  } as AppContext;
});
afterAll(async () => {
  await ctx.files.close();
  await t.close();
});

async function importOf(id: number): Promise<ImportJson> {
  return (await call(t, 'GET', `/api/imports/${id}`, bora)).json<ImportJson>();
}

describe('an interrupted import', () => {
  it('resumes after the last committed batch: every row is written once and counted once', async () => {
    const lines = ['Name,Surname,Email,Phone,Source'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`Resume${i},Row,resume${i}@example.com,9053300${String(10000 + i)},Facebook`);
    const view = await upload(t, bora, 'resume.csv', `${lines.join('\n')}\n`);
    const settings = { mapping: view.mapping, mode: 'create', key: 'email', skipErrors: true };
    const handlers = importJobHandlers(ctx);

    const previewing = new JobRunner(t.db, { pollMs: 0 });
    for (const [kind, handler] of Object.entries(handlers)) previewing.register(kind, handler);
    expect((await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, settings)).statusCode).toBe(202);
    await previewing.runDue();
    expect((await importOf(view.id)).preview).toMatchObject({ create: ROWS, error: 0 });

    expect((await call(t, 'POST', `/api/imports/${view.id}/run`, bora, settings)).statusCode).toBe(202);
    // The first process dies while writing its second batch: that batch's transaction is rolled back.
    const dying = new JobRunner(t.db, { pollMs: 0 });
    dying.register(IMPORT_RUN_JOB, (job) => {
      let writes = 0;
      return handlers[IMPORT_RUN_JOB]!({
        ...job,
        progress: async (values, trx) => {
          writes++;
          if (writes === 2) throw new Error('process died');
          await job.progress(values, trx);
        },
      });
    });
    await dying.runDue();
    const stopped = await importOf(view.id);
    expect(stopped.state).toBe('running');
    expect(stopped.counts.created).toBe(IMPORT_BATCH_ROWS);
    expect(stopped.progress).toMatchObject({
      phase: 'run',
      state: 'queued',
      done: IMPORT_BATCH_ROWS,
      total: ROWS,
    });

    // Another process takes the job up (its retry is due at once here) and finishes it.
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('kind', '=', IMPORT_RUN_JOB)
      .execute();
    const next = new JobRunner(t.db, { pollMs: 0 });
    for (const [kind, handler] of Object.entries(handlers)) next.register(kind, handler);
    await next.runDue();
    const done = await importOf(view.id);
    expect(done.state).toBe('done');
    expect(done.counts).toEqual({ created: ROWS, updated: 0, skipped: 0, errors: 0 });
    expect(done.progress).toMatchObject({ state: 'done', done: ROWS, total: ROWS });
    const listed = await call(t, 'GET', '/api/contacts?type=lead&filter.email=contains:resume&limit=1', bora);
    expect(listed.headers['x-total-count']).toBe(String(ROWS));
    const job = await t.db
      .selectFrom('jobs')
      .select(['attempts'])
      .where('kind', '=', IMPORT_RUN_JOB)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
  });
});
