import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVE } from '../src/modules/auth/auth.service.js';
import { IMPORT_RUN_JOB } from '../src/modules/imports/import-jobs.js';
import { dayFromToday, leadPayload } from './helpers/contacts.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { type ServerProcess, startServerProcess, until } from './helpers/server-process.js';
import { createScratchDatabase } from './helpers/test-app.js';

/**
 * Two server processes as two machines would run them: each its own DATA_DIR, both on one
 * PostgreSQL database and one S3 store, no shared memory. Whatever one does, the other must see.
 * PostgreSQL is the one of TEST_DATABASE_URL, or the local one.
 */
const ADMIN = { email: 'fleet-admin@example.com', password: 'fleet-admin-1' };

let s3: TestS3;
let database: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];

async function startInstance(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `crm-fleet-${name}-`));
  dataDirs.push(dataDir);
  return startServerProcess({
    ...s3.env,
    WORKERS: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: '',
    CRM_ADMIN_EMAIL: ADMIN.email,
    CRM_ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_FAILURES_PER_EMAIL: '4',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

beforeAll(async () => {
  s3 = await startTestS3();
  const scratch = await createScratchDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (!scratch) throw new Error('no PostgreSQL server');
  database = scratch;
  // The first migrates and creates the admin; the second starts on the prepared database.
  a = await startInstance('a');
  // B looks for jobs less often, so that a job started on A is taken by A (which looks at once).
  b = await startInstance('b', { JOBS_POLL_MS: '3000' });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

type Json = Record<string, unknown>;

async function call(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text) as Json };
}

async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return res.json().token as string;
}

let counter = 0;
async function createUser(server: ServerProcess, adminToken: string) {
  counter += 1;
  const user = { email: `fleet-user${counter}@example.com`, password: 'fleet-user-1' };
  const res = await call(server, 'POST', '/api/users', adminToken, {
    firstName: 'Fleet',
    surname: `User${counter}`,
    phone: '905321234567',
    email: user.email,
    role: 'user',
    isActive: true,
    password: user.password,
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${res.body}`);
  return { ...user, id: res.json().id as number };
}

describe('two instances on one PostgreSQL and one S3 store', () => {
  it('share the token secret: a session opened on A is valid on B', async () => {
    const token = await login(a, ADMIN.email, ADMIN.password);
    expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(200);
  });

  it('a file uploaded through A downloads through B', async () => {
    const token = await login(a, ADMIN.email, ADMIN.password);
    const contact = await call(a, 'POST', '/api/contacts', token, leadPayload());
    expect(contact.status).toBe(201);
    const contactId = contact.json().id as number;
    const form = new FormData();
    form.set('validUntil', dayFromToday(30));
    form.set('file', new Blob(['uploaded through A'], { type: 'application/pdf' }), 'from-a.pdf');
    const upload = await fetch(`${a.url}/api/contacts/${contactId}/upload-file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);

    const listed = await call(b, 'GET', `/api/contacts/${contactId}/files`, token);
    const [file] = listed.json() as unknown as { url: string; name: string }[];
    expect(file?.name).toBe('from-a.pdf');
    const download = await fetch(`${b.url}${file!.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(await download.text()).toBe('uploaded through A');
    // Neither machine kept it on its own disk.
    for (const dir of dataDirs)
      expect(existsSync(path.join(dir, 'uploads', file!.url.split(/[/?]/)[3]!))).toBe(false);
  });

  it('a logout on A ends the session on B', async () => {
    const token = await login(a, ADMIN.email, ADMIN.password);
    expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
    const after = await call(b, 'GET', '/api/auth/me', token);
    expect(after.status).toBe(401);
    expect(after.json().error).toBe('Session expired. Please log in again.');
  });

  it('a deactivation on B is refused on A at once', async () => {
    const adminToken = await login(b, ADMIN.email, ADMIN.password);
    const user = await createUser(b, adminToken);
    const userToken = await login(a, user.email, user.password);
    expect((await call(a, 'GET', '/api/contacts', userToken)).status).toBe(200);
    expect((await call(b, 'PUT', `/api/users/${user.id}/deactivate`, adminToken)).status).toBe(200);
    // Deactivation ends the user's sessions, so A no longer knows the token's session at all.
    const refused = await call(a, 'GET', '/api/contacts', userToken);
    expect(refused.status).toBe(401);
    expect(refused.json().error).toBe('Session expired. Please log in again.');
    const again = await call(a, 'POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(again.status).toBe(403);
    expect(again.json().error).toBe(ACCOUNT_INACTIVE);
  });

  it('throttling counts the failures on both', async () => {
    const adminToken = await login(a, ADMIN.email, ADMIN.password);
    const user = await createUser(a, adminToken);
    for (const server of [a, b, a, b]) {
      const res = await call(server, 'POST', '/api/auth/login', undefined, {
        email: user.email,
        password: 'wrong-password',
      });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await call(server, 'POST', '/api/auth/login', undefined, {
        email: user.email,
        password: user.password,
      });
      expect(res.status).toBe(429);
      expect(res.json().error).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    }
  });

  it('answer requests under ids unique across both', async () => {
    const ids = new Set<string>();
    for (const server of [a, b, a, b, a, b]) {
      const res = await fetch(`${server.url}/api/health/live`);
      ids.add(res.headers.get('x-request-id') ?? '');
    }
    expect(ids.size).toBe(6);
  });

  it('concurrent edits of one field through A and B: one wins, the other is refused with 409', async () => {
    const token = await login(a, ADMIN.email, ADMIN.password);
    const created = await call(a, 'POST', '/api/contacts', token, leadPayload({ budget: 100 }));
    const id = created.json().id as number;
    const [fromA, fromB] = await Promise.all([
      call(a, 'PUT', `/api/contacts/${id}`, token, { version: 1, budget: 250 }),
      call(b, 'PUT', `/api/contacts/${id}`, token, { version: 1, budget: 300 }),
    ]);
    expect([fromA.status, fromB.status].sort()).toEqual([200, 409]);
    const [winner, loser] = fromA.status === 200 ? [fromA, fromB] : [fromB, fromA];
    expect(loser.json().error).toMatch(
      /^This contact was changed by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC since you opened it\.$/,
    );
    for (const server of [a, b]) {
      const detail = (await call(server, 'GET', `/api/contacts/${id}`, token)).json();
      expect(detail).toMatchObject({ version: 2, budget: winner.json().budget });
    }
  });

  // Last: it stops one of the two.
  it('an import started on A shows its progress on the other instance and survives the one running it being stopped', async () => {
    const ROWS = 1500;
    const token = await login(a, ADMIN.email, ADMIN.password);
    const lines = ['Name,Surname,Email,Phone,Source'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`Fleet${i},Import,fleet${i}@example.com,9053310${String(10000 + i)},Facebook`);
    const form = new FormData();
    form.set('entity', 'contacts');
    form.set('type', 'LEAD');
    form.set('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'fleet.csv');
    const uploaded = await fetch(`${a.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const view = (await uploaded.json()) as { id: number; mapping: (string | null)[] };
    const settings = { mapping: view.mapping, mode: 'create', key: 'email', skipErrors: true };
    const importOn = async (server: ServerProcess) =>
      (await call(server, 'GET', `/api/imports/${view.id}`, token)).json() as {
        state: string;
        counts: { created: number };
        progress: { phase: string; done: number; total: number } | null;
      };

    expect((await call(a, 'POST', `/api/imports/${view.id}/preview`, token, settings)).status).toBe(202);
    await until('the preview, seen from B', async () =>
      (await importOn(b)).state === 'previewed' ? true : undefined,
    );
    expect((await call(a, 'POST', `/api/imports/${view.id}/run`, token, settings)).status).toBe(202);

    const jobs = new pg.Client({ connectionString: database.url });
    await jobs.connect();
    try {
      const holder = async () =>
        (
          await jobs.query<{ locked_by: string | null; state: string }>(
            'select locked_by, state from jobs where kind = $1 order by id desc limit 1',
            [IMPORT_RUN_JOB],
          )
        ).rows[0];
      // Either process may take the job from the shared queue (A looks at once, B every 3 s, but a
      // busy machine can let B's look come first): the one that runs it is stopped, and the other,
      // which only reads the progress the runner writes, must take it over and finish it.
      const midway = await until(
        'progress from the running instance',
        async () => {
          const job = await holder();
          if (job?.state !== 'running' || !job.locked_by) return undefined;
          const watcher = job.locked_by.includes(`:${a.process.pid}:`) ? b : a;
          const seen = await importOn(watcher);
          return seen.progress?.phase === 'run' && seen.progress.done > 0
            ? { seen, job, watcher }
            : undefined;
        },
        60_000,
      );
      expect(midway.seen.progress!.done).toBeLessThan(ROWS);
      expect(midway.seen.progress!.total).toBe(ROWS);
      const runner = midway.watcher === a ? b : a;
      const watcher = midway.watcher;
      expect(midway.job.locked_by).toContain(`:${runner.process.pid}:`);
      await runner.stop();
      // Stopping cleanly hands the job back at once, rather than leaving it to its lease's end.
      expect((await holder())?.locked_by ?? '').not.toContain(`:${runner.process.pid}:`);
      const finished = await until(
        'the import to finish on the other instance',
        async () => {
          const seen = await importOn(watcher);
          return seen.state === 'done' ? seen : undefined;
        },
        120_000,
      );
      expect(finished.counts.created).toBe(ROWS);
      expect(finished.progress).toMatchObject({ phase: 'run', done: ROWS, total: ROWS });
      const contacts = await jobs.query<{ n: string }>(
        "select count(*) as n from contacts where email like 'fleet%@example.com'",
      );
      expect(Number(contacts.rows[0]!.n)).toBe(ROWS);
      // The job ended on the instance still running.
      expect((await holder())?.state).toBe('done');
    } finally {
      await jobs.end();
    }
  }, 240_000);
});
