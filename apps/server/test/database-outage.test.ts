import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase } from '../src/db/database.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
});
afterAll(async () => t.close());

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
