import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

/** main.ts as `npm start` runs it, started from source through tsx. */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ADMIN = { email: 'boss@example.com', password: 'start-123' };

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}
const started: Started[] = [];
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const s of started.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(
  what: string | (() => string),
  check: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(MAIN);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-lifecycle-'));
  folders.push(dataDir);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WORKERS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CRM_ADMIN_EMAIL: ADMIN.email,
      CRM_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const s = { child, port, output: () => output, exited };
  started.push(s);
  return s;
}

const health = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 ? true : undefined;

describe('shutdown', () => {
  it('closes a request still open at SHUTDOWN_TIMEOUT_SECONDS and exits 0', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    await until('the server', () => health(server.port));
    // An upload that never finishes: headers promise a megabyte, a few bytes come.
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /api/contacts/1/upload-file HTTP/1.1\r\nhost: x\r\ncontent-type: multipart/form-data; boundary=XX\r\ncontent-length: 1000000\r\n\r\n--XX\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const took = Date.now() - before;
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(8000);
    socket.destroy();
  }, 90_000);
});

// Several instances and connection loss need a PostgreSQL server: the suite runs on one when
// TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  async function freshDatabase(): Promise<{ url: string; admin: pg.Client; name: string }> {
    const name = `crm_life_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return { url: url.toString(), admin, name };
  }

  describe('several instances on one empty PostgreSQL', () => {
    it('all come up, with one first admin', async () => {
      const { url } = await freshDatabase();
      const servers = await Promise.all([1, 2, 3].map(() => start({ DATABASE_URL: url })));
      for (const server of servers)
        await until(`instance on ${server.port}\n${server.output()}`, () => health(server.port), 90_000);
      for (const server of servers) expect(server.child.exitCode).toBeNull();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select email from users');
      await client.end();
      expect(rows).toEqual([{ email: ADMIN.email }]);
      const users = await fetch(`http://127.0.0.1:${servers[0]!.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(users.status).toBe(200);
    }, 120_000);
  });

  describe('a server process replaced while PostgreSQL refuses connections', () => {
    /**
     * Two server processes on a fresh database; once both listen, the database refuses connections
     * and one process is killed, so that its replacement cannot start.
     */
    async function killOneWhileRefused(env: Record<string, string> = {}) {
      const { url, admin, name } = await freshDatabase();
      const server = await start({ DATABASE_URL: url, WORKERS: '2', ...env });
      // Both processes must have started: one that dies before it listens ends the start-up instead.
      await until(
        () => `the ready line\n${server.output()}`,
        () => (server.output().includes('CRM ready on') ? true : undefined),
        90_000,
      );
      await until('two server processes', () =>
        childrenOf(server.child.pid!).length === 2 ? true : undefined,
      );
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const [victim] = childrenOf(server.child.pid!);
      process.kill(victim!, 'SIGKILL');
      const allowConnections = () => admin.query(`alter database ${name} allow_connections true`);
      return { server, victim: victim!, allowConnections };
    }

    it('is retried with backoff and comes up once the database is back', { timeout: 300_000 }, async () => {
      const { server, victim, allowConnections } = await killOneWhileRefused();
      await until(
        () => `a retry\n${server.output()}`,
        () => (server.output().includes('trying again') ? true : undefined),
        90_000,
      );
      expect(server.child.exitCode).toBeNull();
      await allowConnections();
      await until(
        'the replacement',
        () => {
          const now = childrenOf(server.child.pid!);
          return now.length === 2 && !now.includes(victim) ? true : undefined;
        },
        60_000,
      );
      await until('answers again', () => health(server.port), 60_000);
    });

    it('gives up after WORKER_RETRY_SECONDS and exits 1 when the database stays away', {
      timeout: 300_000,
    }, async () => {
      const { server, allowConnections } = await killOneWhileRefused({ WORKER_RETRY_SECONDS: '3' });
      const code = await Promise.race([
        server.exited,
        new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 120_000)),
      ]);
      expect(code, server.output()).toBe(1);
      expect(server.output()).toContain('giving up');
      await allowConnections();
    });
  });
}
