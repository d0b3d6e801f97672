import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { cancelJob } from '../src/modules/jobs/jobs.repository.js';
import { enqueueJob } from '../src/modules/jobs/jobs.service.js';
import { prepareStore, STORES } from './helpers/file-stores.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';
import { createScratchDatabase, createTestApp, type TestApp } from './helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t.close());

const get = (app: TestApp['app'], url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('probes', () => {
  it.each(['/api/health/live', '/api/health/ready', '/api/health'])(
    '%s answers 200 while all is well',
    async (url) => {
      const res = await get(t.app, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    },
  );

  it('answers 503 "Database unreachable" while PostgreSQL is cut off, and 200 again after', async () => {
    // A network database is the one that can go away: this runs on the PostgreSQL server of
    // TEST_DATABASE_URL, or the local one, reached through a relay the test cuts.
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    );
    const target = new URL(scratch!.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: target.toString(),
    });
    const db = createDatabase(config);
    await migrateToLatest(db);
    const app = await buildApp({ config, db, serveWeb: false });
    try {
      expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
      await proxy.cut();
      for (const url of ['/api/health/ready', '/api/health']) {
        const down = await get(app, url);
        expect(down.statusCode, url).toBe(503);
        expect(down.json()).toEqual({ error: 'Database unreachable' });
      }
      expect((await get(app, '/api/health/live')).statusCode).toBe(200);
      await proxy.restore();
      expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
      await proxy.close();
      await scratch!.drop();
    }
  });

  it.each(STORES)(
    'answers 503 "File store unreachable" while the %s store is, and 200 again after',
    async (kind) => {
      const store = await prepareStore(kind);
      const other = await createTestApp(store.env);
      const uploads = path.join(other.config.dataDir, 'uploads');
      try {
        expect((await get(other.app, '/api/health/ready')).statusCode).toBe(200);
        if (store.s3) await store.s3.stop();
        else {
          // The folder replaced by a file: nothing can be written there any more.
          renameSync(uploads, `${uploads}.away`);
          writeFileSync(uploads, 'not a folder');
        }
        const down = await get(other.app, '/api/health/ready');
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ error: 'File store unreachable' });
        expect((await get(other.app, '/api/health')).statusCode).toBe(503);
        expect((await get(other.app, '/api/health/live')).statusCode).toBe(200);
        if (store.s3) await store.s3.start();
        else {
          rmSync(uploads);
          renameSync(`${uploads}.away`, uploads);
        }
        expect((await get(other.app, '/api/health/ready')).statusCode).toBe(200);
      } finally {
        await other.close();
        await store.close();
      }
    },
  );
});

describe('request ids', () => {
  it('gives every request a UUID of its own and sends it back', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const id = String((await get(t.app, '/api/health/live')).headers['x-request-id']);
      expect(id).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(50);
  });

  it('takes a valid incoming X-Request-Id, on answers and errors alike', async () => {
    const ok = await get(t.app, '/api/health/live', { 'x-request-id': 'edge-4f2a9c1b.77' });
    expect(ok.headers['x-request-id']).toBe('edge-4f2a9c1b.77');
    const missing = await get(t.app, '/api/nothing-here', { 'x-request-id': 'lb:0123456789abcdef' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb:0123456789abcdef');
    const refused = await get(t.app, '/api/contacts', { 'x-request-id': 'Req-00000001' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('Req-00000001');
  });

  it('logs JSON lines under the same id', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      serveWeb: false,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await get(app, '/api/health/live', { 'x-request-id': 'trace-0123456789' });
      await get(app, '/api/health/live');
    } finally {
      await app.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const traced = entries.filter((entry) => entry.reqId === 'trace-0123456789');
    expect(traced.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    const other = entries.filter((entry) => entry.reqId && entry.reqId !== 'trace-0123456789');
    expect(other).toHaveLength(2);
    expect(other[0]!.reqId).toMatch(UUID);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words here'],
    ['with a forged log line', 'abcdefgh\\n{"level":60}'],
    ['with quotes', '"abcdefghij"'],
  ])('replaces an incoming id %s with a UUID', async (_label, incoming) => {
    const res = await get(t.app, '/api/health/live', { 'x-request-id': incoming });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await get(plain.app, '/api/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found: GET /api/metrics' });
    } finally {
      await plain.close();
    }
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer metrics-token-0123456780'],
    ['the token without Bearer', TOKEN],
    ['a session-like token', 'Bearer x'],
  ])('refuses %s with 401', async (_label, authorization) => {
    const res = await get(t.app, '/api/metrics', authorization ? { authorization } : {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Metrics need their token' });
  });

  it('serves the metric families in the Prometheus format with the token', async () => {
    await get(t.app, '/api/health/ready');
    await get(t.app, '/api/contacts');
    const res = await get(t.app, '/api/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'crm_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(body, family).toContain(`# TYPE ${family} `);
    }
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} \d+/);
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/api\/contacts",status="401"\} \d+/);
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health\/ready",status="200"\} \d+/,
    );
    if (t.config.databaseUrl) expect(body).toMatch(/crm_db_pool_connections\{state="total"\} \d+/);
  });

  it('shows the job queue depth by kind and state', async () => {
    // A kind no runner handles stays queued; due in an hour, so nothing claims it meanwhile.
    const runAt = new Date(Date.now() + 3_600_000).toISOString();
    await enqueueJob(t.db, { kind: 'metrics-probe', runAt });
    await enqueueJob(t.db, { kind: 'metrics-probe', runAt });
    const body = (await get(t.app, '/api/metrics', { authorization: `Bearer ${TOKEN}` })).body;
    expect(body).toContain('crm_jobs{kind="metrics-probe",state="queued"} 2');
  });

  it('gives crm_jobs a 0 per state while the queue is empty, and 0 for a kind once it empties', async () => {
    const idle = await createTestApp({ METRICS_TOKEN: TOKEN, JOBS_POLL_MS: '0' });
    const scrape = async () =>
      (await get(idle.app, '/api/metrics', { authorization: `Bearer ${TOKEN}` })).body;
    try {
      let body = await scrape();
      expect(body).toContain('crm_jobs{state="queued"} 0');
      expect(body).toContain('crm_jobs{state="running"} 0');
      const id = await enqueueJob(idle.db, {
        kind: 'metrics-zero',
        runAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      body = await scrape();
      expect(body).toContain('crm_jobs{kind="metrics-zero",state="queued"} 1');
      expect(body).not.toContain('crm_jobs{state="queued"}');
      expect(body).toContain('crm_jobs{state="running"} 0');
      await cancelJob(idle.db, id!);
      expect(await scrape()).toContain('crm_jobs{kind="metrics-zero",state="queued"} 0');
    } finally {
      await idle.close();
    }
  });

  it('answers while PostgreSQL is cut off: crm_database_up 0, the job gauge at its last value', async () => {
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    );
    const target = new URL(scratch!.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: target.toString(),
      METRICS_TOKEN: TOKEN,
      JOBS_POLL_MS: '0',
    });
    const db = createDatabase(config);
    await migrateToLatest(db);
    const app = await buildApp({ config, db, serveWeb: false });
    const scrape = () => get(app, '/api/metrics', { authorization: `Bearer ${TOKEN}` });
    try {
      await enqueueJob(db, { kind: 'metrics-outage', runAt: new Date(Date.now() + 3_600_000).toISOString() });
      let res = await scrape();
      expect(res.body).toContain('crm_database_up 1');
      expect(res.body).toContain('crm_jobs{kind="metrics-outage",state="queued"} 1');
      await proxy.cut();
      res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('crm_database_up 0');
      expect(res.body).toContain('crm_jobs{kind="metrics-outage",state="queued"} 1');
      expect(res.body).toMatch(/crm_db_pool_connections\{state="total"\} \d+/);
      expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/metrics",status="200"\} \d+/);
      await proxy.restore();
      expect((await scrape()).body).toContain('crm_database_up 1');
    } finally {
      await app.close();
      await db.destroy();
      await proxy.close();
      await scratch!.drop();
    }
  });

  it('counts unknown paths under one route label, not one series per URL', async () => {
    const unmatched = async () => {
      const body = (await get(t.app, '/api/metrics', { authorization: `Bearer ${TOKEN}` })).body;
      expect(body).not.toContain('unknown-1');
      const count = /http_requests_total\{method="GET",route="unmatched",status="404"\} (\d+)/.exec(body);
      return Number(count?.[1] ?? 0);
    };
    const before = await unmatched();
    await get(t.app, '/api/unknown-1');
    await get(t.app, '/api/unknown-2');
    expect(await unmatched()).toBe(before + 2);
  });
});

describe('unknown paths under /api/', () => {
  it.each([
    ['GET', '/api/contacts/1/nothing'],
    ['POST', '/api/no-such-thing'],
    ['DELETE', '/api/health'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: `Not found: ${method} ${url}` });
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 192.168.1.0/24,::1', ['10.0.0.5', '192.168.1.0/24', '::1']],
  ])('reads %s precisely', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      'TRUST_PROXY: must be true, false, a hop count, or a comma-separated list of addresses and CIDR ranges',
    );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('refuses 1: start-up holds one connection for its lock and migrates on another', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(
      'DATABASE_POOL_SIZE: must be at least 2 (start-up needs two connections)',
    );
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
  });
});
