import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { CLEANUP_JOB } from '../src/modules/auth/cleanup.js';
import { DIGEST_JOB, digestHandler, digestSchedule } from '../src/modules/digest/digest-job.js';
import { createMailer } from '../src/modules/digest/mailer.js';
import { JobRunner } from '../src/modules/jobs/job-runner.js';
import { enqueueJob } from '../src/modules/jobs/jobs.service.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { until } from './helpers/server-process.js';
import { type ReceivedMail, startSmtpSink } from './helpers/smtp-sink.js';
import { createTask, updateTask } from './helpers/tasks.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const SMTP_USER = 'digest';
const SMTP_PASSWORD = 'smtp-Pa55-never-logged';
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let anna: SignedIn;
let ben: SignedIn;
let cem: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_USER, SMTP_PASSWORD);
  t = await createTestApp({
    JOBS_POLL_MS: '0',
    TASK_REMINDER_SECONDS: '0',
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'CRM <crm@example.com>',
    APP_URL: 'https://crm.example.com/',
    DIGEST_HOUR: '0',
  });
  anna = await signIn(t, { firstName: 'Anna', surname: 'Assignee' });
  ben = await signIn(t, { firstName: 'Ben', surname: 'Busy' });
  cem = await signIn(t, { firstName: 'Cem', surname: 'Clear' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * Two processes' runners with the digest's schedule, polling at once, as job-handlers.ts sets them
 * up. They share one connection: on SQLite a second connection in the same thread would wait
 * synchronously for the first one's lock and never let it go; the claims still interleave at every
 * await, as two processes' would.
 */
function twoProcesses() {
  const settings = t.config.digest as NonNullable<typeof t.config.digest>;
  const errors: unknown[] = [];
  const runners = [1, 2].map(() => {
    const mailer = createMailer(settings.smtpUrl, settings.from);
    const jobs = new JobRunner(t.db, { pollMs: 0, onError: (error) => errors.push(error) });
    jobs.every(
      DIGEST_JOB,
      digestSchedule(settings.hour),
      digestHandler({ db: t.db, mailer, appUrl: settings.appUrl }),
    );
    return { jobs, mailer };
  });
  return {
    runDue: async () => {
      await Promise.all(runners.map((runner) => runner.jobs.runDue()));
      expect(errors).toEqual([]);
    },
    stop: () => {
      for (const runner of runners) runner.mailer.close();
    },
  };
}

/** As if the schedule had last run yesterday and every process had been down at the hour since. */
const missedToday = () =>
  t.db
    .updateTable('job_schedules')
    .set({ last_slot: `${dayOf(Date.now() - DAY_MS)}T00:00:00.000Z` })
    .where('kind', '=', DIGEST_JOB)
    .execute();

const digestJobs = () =>
  t.db
    .selectFrom('jobs')
    .select(['state', 'run_at', 'unique_key', 'result'])
    .where('kind', '=', DIGEST_JOB)
    .orderBy('id')
    .execute();

describe('the digest schedule', () => {
  it('is each day at DIGEST_HOUR, UTC', () => {
    expect(digestSchedule(7)).toEqual({ dailyAt: '07:00' });
    expect(digestSchedule(23)).toEqual({ dailyAt: '23:00' });
  });
});

describe('the daily task digest', () => {
  it('is not sent by a fresh server started after the hour: its first digest is the next day', async () => {
    const processes = twoProcesses();
    try {
      await processes.runDue();
    } finally {
      processes.stop();
    }
    expect(await digestJobs()).toEqual([]);
    const schedule = await t.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('kind', '=', DIGEST_JOB)
      .execute();
    expect(schedule).toEqual([{ kind: DIGEST_JOB, last_slot: `${dayOf(Date.now())}T00:00:00.000Z` }]);
  });

  it('mails each user their due and overdue tasks with links, once across two processes, and not to whoever turned it off or has nothing due', {
    timeout: 30_000,
  }, async () => {
    const now = Date.now();
    const today = dayOf(now);
    const yesterday = dayOf(now - DAY_MS);
    const tomorrow = dayOf(now + DAY_MS);
    const lead = await createContact(t, anna, leadPayload({ name: 'Lale', surname: 'Lead' }));
    await createTask(t, anna, {
      title: 'Send the dormitory prices',
      dueAt: `${yesterday}T09:00:00.000Z`,
      contactId: lead.id,
    });
    await createTask(t, anna, { title: 'Check the passport copy', dueAt: `${today}T23:59:00.000Z` });
    await createTask(t, anna, { title: 'Not yet', dueAt: `${tomorrow}T09:00:00.000Z` });
    await createTask(t, anna, { title: 'No date' });
    const done = await createTask(t, anna, { title: 'Already done', dueAt: `${yesterday}T08:00:00.000Z` });
    expect((await updateTask(t, anna, done.id, { state: 'done' })).statusCode).toBe(200);
    await createTask(t, ben, { title: 'Ben would rather not know', dueAt: `${yesterday}T10:00:00.000Z` });
    const off = await call(t, 'PUT', '/api/notifications/preferences', ben, { task_digest: false });
    expect(off.json()).toMatchObject({ task_digest: false, task_due: true });
    expect(cem.id).toBeGreaterThan(0);

    // Today's digest, missed at the hour: the first process back runs it.
    await missedToday();
    const processes = twoProcesses();
    try {
      await processes.runDue();
      expect(smtp.received).toEqual<ReceivedMail[]>([
        {
          from: 'crm@example.com',
          to: [anna.email],
          subject: `Your tasks for ${today}: 1 overdue, 1 due today`,
          text: [
            'Hello Anna Assignee,',
            '',
            `2 tasks are due by the end of ${today} (UTC).`,
            '',
            'Overdue:',
            `- Send the dormitory prices (Lale Lead), due ${yesterday} 09:00 UTC`,
            `  https://crm.example.com/lead/${lead.id}`,
            '',
            'Due today:',
            `- Check the passport copy, due ${today} 23:59 UTC`,
            '  https://crm.example.com/my-tasks',
            '',
            'This digest can be turned off in your profile: https://crm.example.com/profile',
          ].join('\n'),
        },
      ]);

      // The slot is not enqueued again, and the same day's digest run by a second job (one the
      // version before the scheduler queued, naming its day) sends nothing more.
      await processes.runDue();
      await enqueueJob(t.db, {
        kind: DIGEST_JOB,
        payload: { day: today },
        uniqueKey: `${DIGEST_JOB}@${today}`,
      });
      await processes.runDue();
      expect(smtp.received).toHaveLength(1);
      expect(await digestJobs()).toEqual([
        {
          state: 'done',
          run_at: `${today}T00:00:00.000Z`,
          unique_key: `${DIGEST_JOB}@${today}T00:00:00.000Z`,
          result: JSON.stringify({ sent: 1 }),
        },
        expect.objectContaining({
          state: 'done',
          unique_key: `${DIGEST_JOB}@${today}`,
          result: JSON.stringify({ sent: 0 }),
        }),
      ]);
    } finally {
      processes.stop();
    }
  });

  it('is neither scheduled nor offered without SMTP_URL', async () => {
    const plain = await createTestApp();
    try {
      const scheduled = () => plain.db.selectFrom('job_schedules').select('kind').orderBy('kind').execute();
      // Once the runner's first poll has taken the schedules' first slots.
      await until('the first slots', async () =>
        (await scheduled()).some((row) => row.kind === CLEANUP_JOB) ? true : undefined,
      );
      expect((await scheduled()).map((row) => row.kind)).not.toContain(DIGEST_JOB);
      const jobs = await plain.db.selectFrom('jobs').select('id').where('kind', '=', DIGEST_JOB).execute();
      expect(jobs).toEqual([]);
      const res = await call(plain, 'GET', '/api/config', await signIn(plain));
      expect(res.json()).toMatchObject({ emailDigest: false });
    } finally {
      await plain.close();
    }
  });

  it('is offered in the profile when SMTP_URL is set', async () => {
    const res = await call(t, 'GET', '/api/config', cem);
    expect(res.json()).toMatchObject({ emailDigest: true });
  });

  it('refuses SMTP_URL without SMTP_FROM and APP_URL, without repeating the URL', () => {
    const url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:25`;
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: url })).toThrow(
      'Invalid configuration:\n  SMTP_FROM: is required when SMTP_URL is set\n  APP_URL: is required when SMTP_URL is set',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'mail.example.com' })).toThrow(
      'SMTP_URL: must be a URL such as smtp://user:password@host:587',
    );
  });

  it('never writes the SMTP password to the log, even when the server refuses it', {
    timeout: 30_000,
  }, async () => {
    const wrong = 'Wr0ng-pass-also-secret';
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = {
      ...t.config,
      logLevel: 'trace',
      jobsPollMs: 20,
      digest: {
        ...(t.config.digest as NonNullable<typeof t.config.digest>),
        smtpUrl: `smtp://${SMTP_USER}:${wrong}@127.0.0.1:${smtp.port}`,
      },
    };
    const lead = await createContact(t, cem, leadPayload({ name: 'Refused', surname: 'Login' }));
    await createTask(t, cem, {
      title: 'Overdue for Cem',
      dueAt: '2020-01-01T09:00:00.000Z',
      contactId: lead.id,
    });
    await missedToday();
    const app = await buildApp({ config, db: t.db, serveWeb: false, logStream });
    await app.ready();
    try {
      const deadline = Date.now() + 10_000;
      while (!lines.some((line) => line.includes('"msg":"job failed"')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('Invalid login');
    for (const secret of [wrong, Buffer.from(`\0${SMTP_USER}\0${wrong}`).toString('base64')]) {
      expect(log).not.toContain(secret);
    }
    expect(smtp.received).toHaveLength(1);
  });
});
