import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, MAIN, until as waitUntil } from './helpers/server-process.js';

/**
 * main.ts as `npm start` runs it, with WORKERS=2: one main process that prepares the database and
 * two server processes sharing the port. Started from source through tsx, on a fresh SQLite folder.
 */
const ADMIN = { email: 'boss@example.com', password: 'start-123' };
const METRICS = 'processes-metrics-token';

let dataDir: string;
let port: number;
let primary: ChildProcess;
let output = '';
let exited: Promise<number | null>;

/** Server processes started by a process, from /proc (the test suite runs on Linux). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid …; comm may hold spaces, so read after the last parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        // tsx also runs an esbuild service as a child; only the ones running main.ts are servers.
        return parent === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(MAIN);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Each wait gives up after the shared helper's time (starting processes from source on a busy two-core
 * machine can take a minute); a test's own limit leaves room for two such waits. How fast the server
 * starts is measured by the benchmark, not here.
 */
const WAIT_MS = 90_000;
const TEST_MS = 2 * WAIT_MS;

const until = <T>(what: string, check: () => T | undefined | Promise<T | undefined>) =>
  waitUntil(what, check, WAIT_MS, () => `Server output:\n${output}`);

const api = (url: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${url}`, init);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crm-processes-'));
  port = await freePort();
  primary = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CRM_ADMIN_EMAIL: ADMIN.email,
      CRM_ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN: METRICS,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  primary.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
  await until('the ready line', () => (output.includes('CRM ready on') ? true : undefined));
}, TEST_MS);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start with WORKERS=2', () => {
  it(
    'serves from two processes that share sessions and take writes in turn',
    async () => {
      expect(
        await until('two server processes', () => (childrenOf(primary.pid!).length === 2 ? true : undefined)),
      ).toBe(true);
      const login = await api('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      // New connections go to each process in turn; every one of them knows the session.
      const seen = await Promise.all(
        Array.from({ length: 8 }, () =>
          api('/api/auth/me', { headers: { ...headers, connection: 'close' } }),
        ),
      );
      expect(seen.map((res) => res.status)).toEqual(Array(8).fill(200));

      // Writes from both processes at once: each waits for the write lock instead of failing.
      const created = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          api('/api/contacts', {
            method: 'POST',
            headers: { ...headers, connection: 'close' },
            body: JSON.stringify({
              type: 'LEAD',
              name: `Lead${i}`,
              surname: 'Parallel',
              phone: `90532123${String(i).padStart(4, '0')}`,
              source: 'Facebook',
            }),
          }),
        ),
      );
      expect(created.map((res) => res.status)).toEqual(Array(24).fill(201));
      const count = await api('/api/contacts/count?type=lead', { headers });
      expect(await count.json()).toEqual({ count: 24 });
    },
    TEST_MS,
  );

  it(
    'one scrape of /api/metrics counts the requests of both processes',
    async () => {
      const close = { connection: 'close' };
      const scrape = async () => {
        const res = await api('/api/metrics', { headers: { ...close, authorization: `Bearer ${METRICS}` } });
        expect(res.status).toBe(200);
        const match =
          /http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} (\d+)/.exec(
            await res.text(),
          );
        return Number(match?.[1] ?? 0);
      };
      const before = await scrape();
      // Each new connection goes to the next process: ten requests are five on each.
      for (let i = 0; i < 10; i++)
        expect((await api('/api/health/live', { headers: close })).status).toBe(200);
      // Whichever process answers the scrape, the count is both processes' sum.
      expect(await scrape()).toBe(before + 10);
      expect(await scrape()).toBe(before + 10);
    },
    TEST_MS,
  );

  it(
    'replaces a server process that dies',
    async () => {
      const [victim] = childrenOf(primary.pid!);
      process.kill(victim!, 'SIGKILL');
      const replaced = await until('a replacement process', () => {
        const now = childrenOf(primary.pid!);
        return now.length === 2 && !now.includes(victim!) ? now : undefined;
      });
      expect(replaced).toHaveLength(2);
      await until('the replacement to answer', async () =>
        (await api('/api/health')).status === 200 ? true : undefined,
      );
    },
    TEST_MS,
  );

  it(
    'stops every process on SIGTERM and exits 0',
    async () => {
      const workers = childrenOf(primary.pid!);
      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(
        workers.filter((pid) => childrenOf(1).includes(pid) || readdirSync('/proc').includes(String(pid))),
      ).toEqual([]);
    },
    TEST_MS,
  );
});
