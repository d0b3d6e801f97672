import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVE } from '../src/modules/auth/auth.service.js';
import { dayFromToday, leadPayload } from './helpers/contacts.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';
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

async function startInstance(name: string): Promise<ServerProcess> {
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
  b = await startInstance('b');
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
});
