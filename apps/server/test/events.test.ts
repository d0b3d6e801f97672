import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Db } from '../src/db/database.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { type OpenStream, openEventStream, type StreamEvent } from './helpers/event-stream.js';
import { createTask } from './helpers/tasks.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Writes go through one instance; the streams are open on another instance with its own database
 * connection, so every event crosses between processes the way the engine carries them (the event
 * log on SQLite, LISTEN/NOTIFY on PostgreSQL).
 */
let t: TestApp;
let otherDb: Db;
let other: FastifyInstance;
let admin: SignedIn;
let user: SignedIn;
let adminStream: OpenStream;
let userStream: OpenStream;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  otherDb = createDatabase(t.config);
  other = await buildApp({ config: t.config, db: otherDb, serveWeb: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  adminStream = await openEventStream(base, admin.token);
  userStream = await openEventStream(base, user.token);
});
afterAll(async () => {
  adminStream?.close();
  userStream?.close();
  await other?.close();
  await otherDb?.destroy();
  await t.close();
});

const is = (kind: string, id: number) => (event: StreamEvent) => event.kind === kind && event.id === id;

describe('GET /api/events', () => {
  it('needs a session', async () => {
    const res = await call(t, 'GET', '/api/events');
    expect(res.statusCode).toBe(401);
  });

  it('tells everyone of a new lead within 2 s, with only its kind and id', async () => {
    const started = Date.now();
    const lead = await createContact(t, user, leadPayload({ name: 'Live', surname: 'Lead' }));
    const heard = await userStream.waitFor(is('contact', lead.id), 2000);
    expect(heard).toEqual({ kind: 'contact', id: lead.id });
    await adminStream.waitFor(is('contact', lead.id), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('tells plain users of a deactivation, but not of later changes only admins can see', async () => {
    const lead = await createContact(t, user, leadPayload({ name: 'Soon', surname: 'Gone' }));
    await userStream.waitFor(is('contact', lead.id));
    expect((await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin)).statusCode).toBe(200);
    const count = () => userStream.events.filter(is('contact', lead.id)).length;
    await userStream.waitFor(() => count() >= 2);
    const before = count();

    // Counted before the note: on PostgreSQL its event may arrive before the call's answer does.
    const adminCount = adminStream.events.filter(is('contact', lead.id)).length;
    await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, admin, {
      content: '<p>only admins see this</p>',
    });
    await adminStream.waitFor(() => adminStream.events.filter(is('contact', lead.id)).length > adminCount);

    // Something everyone hears, published after: once the user has it, the admin-only event is past.
    const marker = await createContact(t, admin, leadPayload({ name: 'Marker', surname: 'One' }));
    await userStream.waitFor(is('contact', marker.id));
    expect(count()).toBe(before);
  });

  it("tells only the people concerned of a task without a record and of someone's notifications", async () => {
    const task = await createTask(t, admin, { title: 'Admin only' });
    await adminStream.waitFor(is('task', task.id));
    const mine = await createTask(t, admin, { title: 'For the user', assigneeId: user.id });
    await userStream.waitFor(is('task', mine.id));
    await userStream.waitFor(is('notification', user.id));
    expect(userStream.events.some(is('task', task.id))).toBe(false);
    expect(adminStream.events.some(is('notification', user.id))).toBe(false);
  });

  it('tells only admins of a task on a deactivated contact, even when it is assigned to a plain user', async () => {
    const lead = await createContact(t, user, leadPayload({ name: 'Hidden', surname: 'Record' }));
    await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin);
    const task = await createTask(t, admin, {
      title: 'On a hidden record',
      contactId: lead.id,
      assigneeId: user.id,
    });
    await adminStream.waitFor(is('task', task.id));
    const marker = await createContact(t, admin, leadPayload({ name: 'Marker', surname: 'Three' }));
    await userStream.waitFor(is('contact', marker.id));
    expect(userStream.events.some(is('task', task.id))).toBe(false);
  });

  it('tells a task on a record with the record it belongs to', async () => {
    const lead = await createContact(t, user, leadPayload({ name: 'With', surname: 'Task' }));
    const task = await createTask(t, user, { title: 'Call', contactId: lead.id });
    expect(await adminStream.waitFor(is('task', task.id))).toEqual({
      kind: 'task',
      id: task.id,
      record: { kind: 'contact', id: lead.id },
    });
  });

  it('keeps the users list to those who may open it, and the user concerned', async () => {
    const res = await call(t, 'PUT', '/api/users/me', user, { name: 'Umut Renamed', email: user.email });
    expect(res.statusCode).toBe(200);
    await userStream.waitFor(is('user', user.id));
    await adminStream.waitFor(is('user', user.id));
    const third = await signIn(t, { firstName: 'Third', surname: 'User' });
    await call(t, 'PUT', `/api/users/${third.id}/deactivate`, admin);
    await adminStream.waitFor(is('user', third.id));
    const marker = await createContact(t, admin, leadPayload({ name: 'Marker', surname: 'Two' }));
    await userStream.waitFor(is('contact', marker.id));
    expect(userStream.events.some(is('user', third.id))).toBe(false);
  });
});
