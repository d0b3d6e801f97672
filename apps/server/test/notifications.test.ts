import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../src/modules/events/event-bus.js';
import { sendDueReminders } from '../src/modules/tasks/due-reminders.js';
import { type ContactJson, call, createContact, leadPayload, type NoteJson } from './helpers/contacts.js';
import { createTask, inMinutes, notificationsOf, unreadCount, updateTask } from './helpers/tasks.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
let contact: ContactJson;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0', JOBS_POLL_MS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  other = await signIn(t, { firstName: 'Oya', surname: 'Other' });
  contact = await createContact(t, user, leadPayload({ name: 'Lale', surname: 'Lead' }));
});
afterAll(async () => t.close());

const REMINDER_PROCESS = fileURLToPath(new URL('./helpers/due-reminders-process.ts', import.meta.url));

/** Runs one due-reminder process on the test's database; answers how many tasks it claimed. */
function runReminderProcess(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', REMINDER_PROCESS], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        LOG_LEVEL: 'silent',
        ROUNDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`reminder process failed (${code}): ${out}`));
      resolve((JSON.parse(out.trim().split('\n').pop() ?? '{}') as { notified: number }).notified);
    });
  });
}

const mention = (who: SignedIn, name: string) => `<span data-mention="${who.id}">@${name}</span>`;

describe('task notifications', () => {
  it('tells the assignee of a task someone else gave them, with its record to open', async () => {
    const before = await unreadCount(t, other);
    const task = await createTask(t, user, {
      title: 'Send the prices',
      contactId: contact.id,
      assigneeId: other.id,
    });
    expect(await unreadCount(t, other)).toBe(before + 1);
    const [latest] = await notificationsOf(t, other);
    expect(latest).toMatchObject({
      kind: 'task_assigned',
      text: 'Send the prices',
      actor: { name: 'Umut User' },
      taskId: task.id,
      record: { kind: 'contact', id: contact.id, path: `/lead/${contact.id}` },
      path: `/lead/${contact.id}`,
      read: false,
    });
  });

  it('does not tell people of their own actions', async () => {
    const before = await unreadCount(t, user);
    await createTask(t, user, { title: 'Mine' });
    expect(await unreadCount(t, user)).toBe(before);
  });

  it('tells the new assignee when a task is reassigned', async () => {
    const task = await createTask(t, user, { title: 'Hand over' });
    const before = await unreadCount(t, other);
    await updateTask(t, user, task.id, { assigneeId: other.id });
    expect(await unreadCount(t, other)).toBe(before + 1);
    expect((await notificationsOf(t, other))[0]).toMatchObject({ kind: 'task_assigned', text: 'Hand over' });
  });
});

describe('contact assignment', () => {
  it('tells the user a contact was assigned to', async () => {
    const lead = await createContact(t, admin, leadPayload({ name: 'Ayşe', surname: 'Yılmaz' }));
    const res = await call(t, 'PUT', `/api/contacts/${lead.id}/assign`, admin, { assignedToId: other.id });
    expect(res.statusCode).toBe(200);
    expect((await notificationsOf(t, other))[0]).toMatchObject({
      kind: 'contact_assigned',
      text: 'Ayşe Yılmaz',
      actor: { name: 'Alice Admin' },
      record: { kind: 'contact', id: lead.id, path: `/lead/${lead.id}` },
    });
  });
});

describe('mentions', () => {
  it('keeps a mention as the user id, shows the current name, and notifies the mentioned user', async () => {
    const before = await unreadCount(t, other);
    const res = await call(t, 'POST', `/api/contacts/${contact.id}/add-note`, user, {
      content: `<p>Ask ${mention(other, 'Oya')} about it <span data-mention="x" onclick="y()">@fake</span></p>`,
    });
    expect(res.statusCode).toBe(201);
    const note = res.json<NoteJson>();
    expect(note.content).toBe(
      `<p>Ask <span data-mention="${other.id}">@Oya Other</span> about it <span>@fake</span></p>`,
    );
    expect(await unreadCount(t, other)).toBe(before + 1);
    expect((await notificationsOf(t, other))[0]).toMatchObject({
      kind: 'mention',
      actor: { name: 'Umut User' },
      text: 'Ask @Oya about it @fake',
      record: { kind: 'contact', id: contact.id },
    });

    const rename = await call(t, 'PUT', '/api/users/me', other, { name: 'Oya Renamed', email: other.email });
    expect(rename.statusCode).toBe(200);
    const notes = (await call(t, 'GET', `/api/contacts/${contact.id}/notes`, user)).json<NoteJson[]>();
    expect(notes.find((n) => n.id === note.id)?.content).toBe(
      `<p>Ask <span data-mention="${other.id}">@Oya Renamed</span> about it <span>@fake</span></p>`,
    );
  });

  it('does not notify a deactivated user or anyone when nobody is mentioned', async () => {
    const gone = await signIn(t, { firstName: 'Gone', surname: 'User' });
    expect((await call(t, 'PUT', `/api/users/${gone.id}/deactivate`, admin)).statusCode).toBe(200);
    const before = await unreadCount(t, other);
    await call(t, 'POST', `/api/contacts/${contact.id}/add-note`, user, {
      content: `<p>${mention(gone, 'Gone')} and nobody else</p>`,
    });
    await call(t, 'POST', `/api/contacts/${contact.id}/add-note`, user, { content: '<p>No one here</p>' });
    expect(await unreadCount(t, other)).toBe(before);
    const count = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('reading notifications', () => {
  it('reads one, then all, and refuses to read somebody else’s', async () => {
    const reader = await signIn(t, { firstName: 'Rana', surname: 'Reader' });
    await createTask(t, user, { title: 'one', assigneeId: reader.id });
    await createTask(t, user, { title: 'two', assigneeId: reader.id });
    const [first] = await notificationsOf(t, reader);
    expect(await unreadCount(t, reader)).toBe(2);

    const foreign = await call(t, 'PUT', `/api/notifications/${first!.id}/read`, other);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Notification not found');

    expect((await call(t, 'PUT', `/api/notifications/${first!.id}/read`, reader)).statusCode).toBe(204);
    expect(await unreadCount(t, reader)).toBe(1);
    const unread = await call(t, 'GET', '/api/notifications?unread=true', reader);
    expect(unread.json<{ text: string }[]>().map((n) => n.text)).toEqual(['one']);
    expect((await call(t, 'PUT', '/api/notifications/read-all', reader)).statusCode).toBe(204);
    expect(await unreadCount(t, reader)).toBe(0);
    expect((await notificationsOf(t, reader)).every((n) => n.read)).toBe(true);
  });
});

describe('notification preferences', () => {
  it('are all on by default, and a kind turned off is no longer notified', async () => {
    const picky = await signIn(t, { firstName: 'Pia', surname: 'Picky' });
    const prefs = await call(t, 'GET', '/api/notifications/preferences', picky);
    expect(prefs.json()).toEqual({
      task_assigned: true,
      task_due: true,
      mention: true,
      contact_assigned: true,
      import_finished: true,
      webhook_disabled: true,
      task_digest: true,
    });
    const off = await call(t, 'PUT', '/api/notifications/preferences', picky, { task_assigned: false });
    expect(off.json()).toMatchObject({ task_assigned: false, mention: true });
    await createTask(t, user, { title: 'muted', assigneeId: picky.id });
    expect(await unreadCount(t, picky)).toBe(0);
    await call(t, 'POST', `/api/contacts/${contact.id}/add-note`, user, {
      content: `<p>${mention(picky, 'Pia')}</p>`,
    });
    expect(await unreadCount(t, picky)).toBe(1);
    const on = await call(t, 'PUT', '/api/notifications/preferences', picky, { task_assigned: true });
    expect(on.json()).toMatchObject({ task_assigned: true });
  });

  it('refuses a value that is not true or false', async () => {
    const res = await call(t, 'PUT', '/api/notifications/preferences', user, { mention: 'no' });
    expect(res.statusCode).toBe(400);
  });
});

describe('due reminders', () => {
  it('tell the assignee once when the due time comes, even with two processes looking at once', {
    timeout: 120_000,
  }, async () => {
    const due = await signIn(t, { firstName: 'Dina', surname: 'Due' });
    const soon = await createTask(t, due, {
      title: 'Call back now',
      dueAt: inMinutes(-1),
      contactId: contact.id,
    });
    const later = await createTask(t, due, { title: 'Call back later', dueAt: inMinutes(60) });
    const done = await createTask(t, due, { title: 'Already done', dueAt: inMinutes(-2) });
    await updateTask(t, due, done.id, { state: 'done' });

    // Two server processes running the shared job queue at once: the pass queued for the task's
    // due time runs in one of them, and the task is claimed once.
    const counts = await Promise.all([runReminderProcess(), runReminderProcess()]);
    expect(counts[0]! + counts[1]!).toBe(1);
    const mine = (await notificationsOf(t, due)).filter((n) => n.kind === 'task_due');
    expect(mine.map((n) => [n.text, n.taskId])).toEqual([['Call back now', soon.id]]);
    expect(mine[0]?.record).toMatchObject({ kind: 'contact', id: contact.id });
    const passes = await t.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'run_at'])
      .where('kind', '=', 'task-due')
      .where('run_at', '<=', new Date().toISOString())
      .execute();
    // One pass per due time (the completed task's and the due one's), each run once.
    expect(passes.map((job) => [job.state, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    const waiting = await t.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'task-due')
      .where('state', '=', 'queued')
      .execute();
    expect(waiting.map((job) => job.run_at)).toEqual([later.dueAt]);

    // Nothing is claimed twice; rescheduling earns a new reminder when the new time comes.
    const here = { db: t.db, events: { publish: () => {} } as unknown as EventBus };
    expect(await sendDueReminders(here)).toBe(0);
    await updateTask(t, due, later.id, { dueAt: inMinutes(-1) });
    expect(await sendDueReminders(here)).toBe(1);
    const texts = (await notificationsOf(t, due)).filter((n) => n.kind === 'task_due').map((n) => n.text);
    expect(texts).toEqual(['Call back later', 'Call back now']);
  });
});
