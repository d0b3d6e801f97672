import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase } from '../src/db/database.js';
import { LISTENER_APPLICATION_NAME } from '../src/modules/events/postgres-transport.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { openEventStream } from './helpers/event-stream.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
});
afterAll(async () => t.close());

/** Well-formed bodies for the public calls that read their body before the database. */
const publicBodies = (admin: { email: string; password: string }): Record<string, object> => ({
  '/api/auth/login': { email: admin.email, password: admin.password },
  '/api/auth/sso/session': { code: 'a-one-time-code' },
});
const SECOND_STEP = { challenge: 'a-challenge', code: '123456' };

/**
 * A call's path with its parameters filled: ids as 1, and a calendar feed's address as one of the
 * right form (a malformed one is answered 404 before the database is asked).
 */
const wellFormed = (template: string) =>
  template.startsWith('/api/calendar/')
    ? `/api/calendar/${'A'.repeat(43)}.ics`
    : template.replace(/\{[^}]+\}/g, '1');

describe('a database that cannot be reached', () => {
  it('answers 503 { error: "Database unreachable" } rather than a 500', async () => {
    // A second app on its own connection, closed under it.
    const db = createDatabase(t.config);
    const app = await buildApp({ config: t.config, db, serveWeb: false });
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
      ).toBe(200);
      await db.destroy();
      const res = await app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Database unreachable' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ error: 'Database unreachable' });
    } finally {
      await app.close();
    }
  });
});

// Only PostgreSQL has connections to lose; the suite runs on it when TEST_DATABASE_URL is set.
if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL terminating the server’s connections', () => {
    it('keeps the process up, answers 503 or 200 meanwhile, and recovers by itself', async () => {
      const contact = await createContact(t, user, leadPayload());
      const database = new URL(t.config.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const terminate = () =>
        admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
      try {
        for (let round = 0; round < 3; round++) {
          const requests = Array.from({ length: 30 }, (_, i) =>
            i % 2
              ? call(t, 'GET', `/api/contacts/${contact.id}`, user)
              : call(
                  t,
                  'PUT',
                  `/api/contacts/${contact.id}`,
                  user,
                  leadPayload({ city: `City ${round}-${i}` }),
                ),
          );
          await terminate();
          for (const res of await Promise.all(requests)) {
            if (res.statusCode !== 200) {
              expect(res.statusCode, res.body).toBe(503);
              expect(res.json()).toEqual({ error: 'Database unreachable' });
            }
          }
        }
        // Idle connections broken meanwhile are dropped by the pool; later requests succeed.
        await terminate();
        await new Promise((resolve) => setTimeout(resolve, 200));
        for (let i = 0; i < 20; i++) {
          expect((await call(t, 'GET', `/api/contacts/${contact.id}`, user)).statusCode).toBe(200);
        }
      } finally {
        await admin.end();
      }
    }, 60_000);
  });
}

if (process.env.TEST_DATABASE_URL) {
  const UNREACHABLE = { error: 'Database unreachable' };
  const database = () => new URL(t.config.databaseUrl!).pathname.slice(1);

  /** A client on the server's maintenance database, for ALTER DATABASE and pg_terminate_backend. */
  async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  const allowConnections = (allow: boolean) =>
    withServer((client) => client.query(`alter database ${database()} with allow_connections ${allow}`));
  /** Ends this test database's connections whose application is `name` (all when unnamed). */
  const terminate = (name?: string) =>
    withServer((client) =>
      client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and ($2::text is null or application_name = $2)`,
        [database(), name ?? null],
      ),
    );

  async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (holds(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('a database closed to connections (ALTER DATABASE … WITH ALLOW_CONNECTIONS false)', () => {
    it('answers every API call 503 { error: "Database unreachable" }, and serves again once reopened', async () => {
      const admin = await signIn(t, { role: 'admin' });
      const spec = (
        t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
      ).swagger();
      const calls = Object.entries(spec.paths).flatMap(([template, operations]) =>
        Object.keys(operations)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({ method: method.toUpperCase(), url: wellFormed(template) })),
      );
      expect(calls.length).toBeGreaterThan(80);
      try {
        await allowConnections(false);
        // Connections already open are not affected by ALLOW_CONNECTIONS: the server's pool loses them.
        await terminate();
        for (const { method, url } of calls) {
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: admin.headers,
            // The public calls that need a well-formed body first: the sign-in and its later steps.
            payload:
              publicBodies(admin)[url] ??
              (url.startsWith('/api/auth/login/second-factor') ? SECOND_STEP : {}),
          });
          if (url === '/api/health/live') {
            // Liveness is the process alone: restarting it would not bring the database back.
            expect(res.statusCode).toBe(200);
            continue;
          }
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
          expect(res.json(), `${method} ${url}`).toEqual(UNREACHABLE);
        }
      } finally {
        await allowConnections(true);
      }
      expect((await call(t, 'GET', '/api/contacts', admin)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    }, 60_000);
  });

  describe('PostgreSQL refusing new connections, each in its own way', () => {
    it.each([
      ['55000', 'database "crm" is not currently accepting connections'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['28P01', 'password authentication failed for user "crm"'],
      ['28000', 'role "crm" is not permitted to log in'],
      ['57P01', 'terminating connection due to administrator command'],
      ['reset', 'ECONNRESET'],
      ['refused', 'ECONNREFUSED'],
    ])(
      'answers 503 while connecting fails with %s (%s), and 200 once it succeeds',
      async (fault, message) => {
        // The server's connections pass through a relay that stands for PostgreSQL refusing them.
        const target = new URL(t.config.databaseUrl!);
        const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
        target.host = `127.0.0.1:${proxy.port}`;
        const config = { ...t.config, databaseUrl: target.toString() };
        const db = createDatabase(config);
        const app = await buildApp({ config, db, serveWeb: false });
        const get = () => app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers });
        try {
          expect((await get()).statusCode).toBe(200);
          if (fault === 'reset') proxy.reset();
          else if (fault === 'refused') await proxy.cut();
          else proxy.refuseWith(fault, message);
          for (let i = 0; i < 3; i++) {
            const res = await get();
            expect(res.statusCode, res.body).toBe(503);
            expect(res.json()).toEqual(UNREACHABLE);
          }
          if (fault === 'refused') await proxy.restore();
          else proxy.relay();
          expect((await get()).statusCode).toBe(200);
        } finally {
          await app.close();
          await db.destroy();
          await proxy.close();
        }
      },
    );
  });

  describe('live updates across a 10-second outage', () => {
    let other: FastifyInstance | undefined;
    let otherDb: ReturnType<typeof createDatabase> | undefined;
    afterAll(async () => {
      await other?.close();
      await otherDb?.destroy();
    });

    it('reports the listener in readiness and metrics, and delivers events again once it is back', async () => {
      const token = 'metrics-token-0123456789';
      const config = { ...t.config, metricsToken: token };
      otherDb = createDatabase(config);
      other = await buildApp({ config, db: otherDb, serveWeb: false });
      await other.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const app = other;
      const ready = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
        return { status: res.statusCode, body: res.json<unknown>() };
      };
      const listenerUp = async () =>
        /crm_events_listener_up (\d)/.exec(
          (
            await app.inject({
              method: 'GET',
              url: '/api/metrics',
              headers: { authorization: `Bearer ${token}` },
            })
          ).body,
        )?.[1];
      const before = await openEventStream(base, user.token);
      // The stream's headers come before its subscription listens: wait for the LISTEN connection.
      const listeners = () =>
        withServer(async (client) => {
          const { rows } = await client.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = $1 and application_name = $2 and query ilike 'listen%'`,
            [database(), LISTENER_APPLICATION_NAME],
          );
          return (rows[0] as { n: number }).n;
        });
      expect(await eventually(listeners, (n) => n === 1, 5000)).toBe(1);
      expect(await ready()).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await listenerUp()).toBe('1');

      const started = Date.now();
      try {
        await allowConnections(false);
        await terminate(LISTENER_APPLICATION_NAME);
        // The pool's open connection still answers; the listener cannot come back while refused.
        expect(await eventually(ready, (r) => r.status === 503, 3000)).toEqual({
          status: 503,
          body: { error: 'Live updates unavailable' },
        });
        expect(await listenerUp()).toBe('0');
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - started))));
        expect((await ready()).status).toBe(503);
      } finally {
        await allowConnections(true);
      }
      // Retries grow to at most 5 s apart: the listener is back within that of the database.
      const back = Date.now();
      expect(await eventually(ready, (r) => r.status === 200, 8000)).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
      expect(Date.now() - back).toBeLessThan(8000);
      expect(await listenerUp()).toBe('1');

      // A stream open across the outage may have missed events: it is ended, and the browser
      // reconnects and refetches. The stream opened again hears what is written from now on.
      const endedOrOpen = await Promise.race([
        before.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]);
      expect(endedOrOpen).toBe('ended');
      const after = await openEventStream(base, user.token);
      try {
        const lead = await createContact(t, user, leadPayload({ name: 'After', surname: 'Outage' }));
        expect(
          await after.waitFor((event) => event.kind === 'contact' && event.id === lead.id, 2000),
        ).toEqual({
          kind: 'contact',
          id: lead.id,
        });
      } finally {
        after.close();
        before.close();
      }
    }, 60_000);
  });
}
