import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { createEventBus } from '../src/modules/events/create-event-bus.js';
import { IMPORT_BATCH_ROWS, IMPORT_RUN_JOB, importJobHandlers } from '../src/modules/imports/import-jobs.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { Hooks } from '../src/modules/records/topics.js';
import { createFileStore } from '../src/modules/storage/index.js';
import { type ContactJson, call, createContact, type HistoryJson, leadPayload } from './helpers/contacts.js';
import { type ImportJson, upload } from './helpers/imports.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let bora: SignedIn;
let ctx: AppContext;
const ROWS = IMPORT_BATCH_ROWS * 2 + 100;
/** Rows of the second batch that update contacts already there. */
const UPDATED = [IMPORT_BATCH_ROWS + 5, IMPORT_BATCH_ROWS + 6, IMPORT_BATCH_ROWS + 7];
const phoneOf = (i: number) => `9053300${String(10000 + i)}`;

beforeAll(async () => {
  // No runner in the app: this file runs the import's jobs itself, to stop one midway.
  t = await createTestApp({ JOBS_POLL_MS: '0' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  ctx = {
    db: t.db,
    config: t.config,
    files: createFileStore(t.config),
    jobs: new JobRunner(t.db, { pollMs: 0 }),
    // A finished run tells its starter in the bell, and the bell's event goes out on this bus.
    events: createEventBus(t.config, t.db, () => {}),
    // Every write tells its topics in its transaction (webhooks listen to them in the app).
    hooks: new Hooks(),
  } as AppContext;
});
afterAll(async () => {
  await ctx.events.close();
  await ctx.files.close();
  await t.close();
});

async function importOf(id: number): Promise<ImportJson> {
  return (await call(t, 'GET', `/api/imports/${id}`, bora)).json<ImportJson>();
}

describe('an interrupted import', () => {
  it('resumes after the last committed batch: every row, create or update, is written once and counted once', async () => {
    const existing: ContactJson[] = [];
    for (const i of UPDATED) {
      existing.push(
        await createContact(
          t,
          bora,
          leadPayload({
            name: `Resume${i}`,
            surname: 'Row',
            email: `resume${i}@example.com`,
            phone: phoneOf(i),
            city: 'Lefkoşa',
          }),
        ),
      );
    }
    const lines = ['Name,Surname,Email,Phone,Source,City'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`Resume${i},Row,resume${i}@example.com,${phoneOf(i)},Facebook,Girne`);
    const view = await upload(t, bora, 'resume.csv', `${lines.join('\n')}\n`);
    const settings = { mapping: view.mapping, mode: 'upsert', key: 'email', skipErrors: true };
    const handlers = importJobHandlers(ctx);

    const previewing = new JobRunner(t.db, { pollMs: 0 });
    for (const [kind, handler] of Object.entries(handlers)) previewing.register(kind, handler);
    expect((await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, settings)).statusCode).toBe(202);
    await previewing.runDue();
    expect((await importOf(view.id)).preview).toMatchObject({
      create: ROWS - UPDATED.length,
      update: UPDATED.length,
      error: 0,
    });

    expect((await call(t, 'POST', `/api/imports/${view.id}/run`, bora, settings)).statusCode).toBe(202);
    // The first process dies while writing its second batch: that batch's transaction, its updates
    // included, is rolled back.
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
    for (const contact of existing) {
      const now = (await call(t, 'GET', `/api/contacts/${contact.id}`, bora)).json<ContactJson>();
      expect(now.city).toBe('Lefkoşa');
    }

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
    expect(done.counts).toEqual({
      created: ROWS - UPDATED.length,
      updated: UPDATED.length,
      skipped: 0,
      errors: 0,
    });
    expect(done.progress).toMatchObject({ state: 'done', done: ROWS, total: ROWS });
    const listed = await call(t, 'GET', '/api/contacts?type=lead&filter.email=contains:resume&limit=1', bora);
    expect(listed.headers['x-total-count']).toBe(String(ROWS));
    for (const contact of existing) {
      const history = (await call(t, 'GET', `/api/contacts/${contact.id}/history`, bora)).json<
        HistoryJson[]
      >();
      expect(history.filter((entry) => entry.field === 'city')).toMatchObject([
        { oldValue: 'Lefkoşa', newValue: 'Girne', user: { name: 'Bora Bey' } },
      ]);
    }
    const job = await t.db
      .selectFrom('jobs')
      .select(['attempts'])
      .where('kind', '=', IMPORT_RUN_JOB)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
  });
});
