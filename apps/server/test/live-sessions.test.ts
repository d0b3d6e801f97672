import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Db } from '../src/db/database.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { type OpenStream, openEventStream, type StreamEvent } from './helpers/event-stream.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * The session and role changes are made through one instance; the streams are open on another
 * instance with its own database connection, as two processes or machines share one database.
 */
let t: TestApp;
let otherDb: Db;
let other: FastifyInstance;
let base: string;
let admin: SignedIn;
let watcher: OpenStream;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  otherDb = createDatabase(t.config);
  other = await buildApp({ config: t.config, db: otherDb, serveWeb: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  // A stream whose session holds all along: none of the changes below may end it.
  watcher = await openEventStream(base, admin.token);
});
afterAll(async () => {
  watcher?.close();
  await other?.close();
  await otherDb?.destroy();
  await t.close();
});

const LIMIT_MS = 2000;
const is = (kind: string, id: number) => (event: StreamEvent) => event.kind === kind && event.id === id;

/** How long after `change` (measured from its start) the server ended the stream. */
async function endedWithin(stream: OpenStream, change: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await change();
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5000));
  const ended = await Promise.race([stream.ended, timeout]);
  stream.close();
  return ended - started;
}

async function expectOk(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
}

describe('an open stream ends with its session, on every instance', () => {
  it('ends within 2 s of a logout, and the token opens no new stream', async () => {
    const user = await signIn(t);
    const stream = await openEventStream(base, user.token);
    const elapsed = await endedWithin(stream, async () =>
      expectOk(await call(t, 'POST', '/api/auth/logout', user), 204),
    );
    expect(elapsed).toBeLessThan(LIMIT_MS);
    await expect(openEventStream(base, user.token)).rejects.toThrow('stream answered 401');
  });

  it('ends within 2 s of a deactivation', async () => {
    const user = await signIn(t);
    const stream = await openEventStream(base, user.token);
    const elapsed = await endedWithin(stream, async () =>
      expectOk(await call(t, 'PUT', `/api/users/${user.id}/deactivate`, admin)),
    );
    expect(elapsed).toBeLessThan(LIMIT_MS);
  });

  it('ends within 2 s of the user changing their password; the new token streams again', async () => {
    const user = await signIn(t);
    const stream = await openEventStream(base, user.token);
    let token = '';
    const elapsed = await endedWithin(stream, async () => {
      const res = await call(t, 'PUT', '/api/users/change-password', user, {
        currentPassword: user.password,
        newPassword: 'a-new-password-7',
      });
      await expectOk(res);
      token = res.json<{ token: string }>().token;
    });
    expect(elapsed).toBeLessThan(LIMIT_MS);
    const again = await openEventStream(base, token);
    const lead = await createContact(t, admin, leadPayload({ name: 'After', surname: 'Change' }));
    await again.waitFor(is('contact', lead.id), LIMIT_MS);
    again.close();
  });

  it('ends within 2 s of an admin setting a new password', async () => {
    const user = await signIn(t);
    const stream = await openEventStream(base, user.token);
    const elapsed = await endedWithin(stream, async () => {
      const current = await call(t, 'GET', `/api/users/${user.id}`, admin);
      const res = await call(t, 'PUT', `/api/users/update-user/${user.id}`, admin, {
        version: current.json<{ version: number }>().version,
        password: 'reset-by-admin-9',
      });
      await expectOk(res);
    });
    expect(elapsed).toBeLessThan(LIMIT_MS);
  });

  it('ends within 2 s of its session expiring', async () => {
    const user = await signIn(t);
    const stream = await openEventStream(base, user.token);
    const elapsed = await endedWithin(stream, async () => {
      // The session's end moved to now, as the clock would have brought it.
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date().toISOString() })
        .where('user_id', '=', user.id)
        .execute();
    });
    expect(elapsed).toBeLessThan(LIMIT_MS);
  });

  it('ends within 2 s of a demotion; the stream opened again hears no admin-only event', async () => {
    const demoted = await signIn(t, { role: 'admin', firstName: 'Deniz', surname: 'Demoted' });
    const stream = await openEventStream(base, demoted.token);
    const hidden = await createContact(t, admin, leadPayload({ name: 'Hidden', surname: 'Lead' }));
    await expectOk(await call(t, 'PUT', `/api/contacts/${hidden.id}/deactivate`, admin));
    await stream.waitFor(is('contact', hidden.id));

    const elapsed = await endedWithin(stream, async () => {
      const current = await call(t, 'GET', `/api/users/${demoted.id}`, admin);
      const res = await call(t, 'PUT', `/api/users/update-user/${demoted.id}`, admin, {
        version: current.json<{ version: number }>().version,
        role: 'user',
      });
      await expectOk(res);
    });
    expect(elapsed).toBeLessThan(LIMIT_MS);

    // The session itself holds: the client reconnects, now heard as a plain user.
    const again = await openEventStream(base, demoted.token);
    await expectOk(
      await call(t, 'POST', `/api/contacts/${hidden.id}/add-note`, admin, { content: '<p>admins only</p>' }),
      201,
    );
    await watcher.waitFor(() => watcher.events.filter(is('contact', hidden.id)).length >= 3);
    const marker = await createContact(t, admin, leadPayload({ name: 'Marker', surname: 'Lead' }));
    await again.waitFor(is('contact', marker.id), LIMIT_MS);
    expect(again.events.some(is('contact', hidden.id))).toBe(false);
    again.close();
  });

  it('keeps a stream whose session holds open through all of the above', async () => {
    const stillOpen = await Promise.race([
      watcher.ended.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1500)),
    ]);
    expect(stillOpen).toBe(true);
  });
});
