import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency } from './helpers/agencies.js';
import { type ContactJson, call, createContact, type HistoryJson, leadPayload } from './helpers/contacts.js';
import { createTask, inMinutes, type TaskJson, updateTask } from './helpers/tasks.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
let contact: ContactJson;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  other = await signIn(t, { firstName: 'Oya', surname: 'Other' });
  contact = await createContact(t, user, leadPayload({ name: 'Lale', surname: 'Lead' }));
});
afterAll(async () => t.close());

const myTasks = async (who: SignedIn, group: string, extra = '') => {
  const res = await call(t, 'GET', `/api/tasks?group=${group}${extra}`, who);
  expect(res.statusCode).toBe(200);
  return { tasks: res.json<TaskJson[]>(), total: Number(res.headers['x-total-count']) };
};

describe('POST /api/tasks', () => {
  it('creates an open, normal-priority task assigned to its creator by default', async () => {
    const task = await createTask(t, user, { title: 'Call back on Tuesday', contactId: contact.id });
    expect(task).toMatchObject({
      title: 'Call back on Tuesday',
      state: 'open',
      priority: 'normal',
      dueAt: null,
      assignee: { id: user.id, name: 'Umut User' },
      creator: { id: user.id },
      record: { kind: 'contact', id: contact.id, name: 'Lale Lead', path: `/lead/${contact.id}` },
    });
  });

  it('sanitises the description like notes', async () => {
    const task = await createTask(t, user, {
      title: 'Prices',
      description: '<p onclick="x()">Send <strong>dormitory</strong> prices<script>alert(1)</script></p>',
    });
    expect(task.description).toBe('<p>Send <strong>dormitory</strong> prices</p>');
    expect(task.record).toBeNull();
  });

  it("answers 400 'Title is required' for a blank title", async () => {
    const res = await call(t, 'POST', '/api/tasks', user, { title: '   ' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Title is required');
    expect(fieldsOf(res)).toEqual({ title: 'Title is required' });
  });

  it('refuses an unknown priority, a bad due time and an unknown assignee', async () => {
    const bad = await call(t, 'POST', '/api/tasks', user, { title: 'x', priority: 'urgent' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('Priority must be low, normal or high');
    const due = await call(t, 'POST', '/api/tasks', user, { title: 'x', dueAt: 'tomorrow' });
    expect(errorOf(due)).toBe('Due must be a date and time');
    const nobody = await call(t, 'POST', '/api/tasks', user, { title: 'x', assigneeId: 999_999 });
    expect(nobody.statusCode).toBe(400);
    expect(errorOf(nobody)).toBe('Assignee not found');
  });

  it('refuses a task on both a contact and an agency, and on a missing contact', async () => {
    const agency = await createAgency(t, admin);
    const both = await call(t, 'POST', '/api/tasks', user, {
      title: 'x',
      contactId: contact.id,
      agencyId: agency.id,
    });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both)).toBe('A task belongs to one contact or one agency, not both');
    const missing = await call(t, 'POST', '/api/tasks', user, { title: 'x', contactId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Contact not found.');
  });

  it('needs a signed-in caller', async () => {
    const res = await call(t, 'POST', '/api/tasks', undefined, { title: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('task actions and roles', () => {
  it('lets the assignee complete and reopen their task, and records it in the history', async () => {
    const task = await createTask(t, user, { title: 'Check passport', contactId: contact.id });
    const done = await updateTask(t, user, task.id, { state: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json<TaskJson>()).toMatchObject({ state: 'done' });
    expect(done.json<TaskJson>().completedAt).not.toBeNull();
    const reopened = await updateTask(t, user, task.id, { state: 'open' });
    expect(reopened.json<TaskJson>()).toMatchObject({ state: 'open', completedAt: null });

    const history = (await call(t, 'GET', `/api/contacts/${contact.id}/history`, user)).json<
      (HistoryJson & { task: { id: number; title: string } | null })[]
    >();
    const entries = history.filter((entry) => entry.task?.id === task.id);
    expect(entries.map((e) => [e.kind, e.field, e.oldValue, e.newValue])).toEqual([
      ['task', 'state', 'done', 'open'],
      ['task', 'state', 'open', 'done'],
      ['task', 'task', null, 'Check passport'],
    ]);
    expect(entries[0]?.task).toEqual({ id: task.id, title: 'Check passport' });
  });

  it('reschedules and reassigns, with history entries naming the old and new values', async () => {
    const task = await createTask(t, user, {
      title: 'Send prices',
      contactId: contact.id,
      dueAt: inMinutes(60),
    });
    const due = '2030-01-02T09:00:00.000Z';
    const moved = await updateTask(t, user, task.id, { dueAt: '2030-01-02T12:00:00+03:00' });
    expect(moved.json<TaskJson>().dueAt).toBe(due);
    const handed = await updateTask(t, user, task.id, { assigneeId: other.id, priority: 'high' });
    expect(handed.json<TaskJson>()).toMatchObject({
      assignee: { id: other.id, name: 'Oya Other' },
      priority: 'high',
    });
    const history = (await call(t, 'GET', `/api/contacts/${contact.id}/history`, user)).json<
      (HistoryJson & { task: { id: number } | null })[]
    >();
    const fields = history
      .filter((e) => e.task?.id === task.id)
      .map((e) => [e.field, e.oldValue, e.newValue]);
    expect(fields).toContainEqual(['dueAt', task.dueAt, due]);
    expect(fields).toContainEqual(['assignee', 'Umut User', 'Oya Other']);
    expect(fields).toContainEqual(['priority', 'normal', 'high']);
  });

  it("refuses 403 to a user changing someone else's task on a record that is not theirs", async () => {
    const task = await createTask(t, admin, {
      title: 'Admin task',
      contactId: contact.id,
      assigneeId: admin.id,
    });
    // contact belongs to user (owner and assignee): they may complete it; other may not.
    const res = await updateTask(t, other, task.id, { state: 'done' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe("You can only change your own tasks or your records' tasks");
    const owner = await updateTask(t, user, task.id, { state: 'done' });
    expect(owner.statusCode).toBe(200);
  });

  it('lets an admin manage every task, and hides a task without a record from other users', async () => {
    const task = await createTask(t, user, { title: 'Private follow-up' });
    const hidden = await call(t, 'GET', `/api/tasks/${task.id}`, other);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toBe('Task not found');
    expect((await updateTask(t, other, task.id, { state: 'done' })).statusCode).toBe(404);
    const res = await updateTask(t, admin, task.id, { assigneeId: other.id });
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/tasks/${task.id}`, other)).statusCode).toBe(200);
  });

  it("lets an agency's sales rep complete the agency's tasks, and nobody else who is not theirs", async () => {
    const rep = await signIn(t, { firstName: 'Rita', surname: 'Rep' });
    const agency = await createAgency(t, admin, { assignedSalesRepIds: [rep.id] });
    const task = await createTask(t, admin, { title: 'Agency follow-up', agencyId: agency.id });
    const list = await call(t, 'GET', `/api/agencies/${agency.id}/tasks`, other);
    expect(list.json<TaskJson[]>().map((x) => x.id)).toEqual([task.id]);
    expect((await updateTask(t, other, task.id, { state: 'done' })).statusCode).toBe(403);
    expect((await updateTask(t, rep, task.id, { state: 'done' })).statusCode).toBe(200);
  });
});

describe('tasks of deactivated records', () => {
  it('are hidden from non-admins in the record tab, My Tasks and the detail, and shown to admins', async () => {
    const lead = await createContact(t, user, leadPayload({ name: 'Gone', surname: 'Soon' }));
    const task = await createTask(t, user, { title: 'Follow the gone lead', contactId: lead.id });
    expect((await myTasks(user, 'nodate')).tasks.map((x) => x.id)).toContain(task.id);
    expect((await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin)).statusCode).toBe(200);

    expect((await myTasks(user, 'nodate')).tasks.map((x) => x.id)).not.toContain(task.id);
    expect((await call(t, 'GET', `/api/tasks/${task.id}`, user)).statusCode).toBe(404);
    const adminTab = await call(t, 'GET', `/api/contacts/${lead.id}/tasks`, admin);
    expect(adminTab.json<TaskJson[]>().map((x) => x.id)).toEqual([task.id]);
    expect((await call(t, 'GET', `/api/contacts/${lead.id}/tasks`, user)).statusCode).toBe(404);
    const created = await call(t, 'POST', '/api/tasks', user, { title: 'x', contactId: lead.id });
    expect(created.statusCode).toBe(404);
    // An admin may still add one there; it stays hidden from the user it is assigned to.
    const adminTask = await createTask(t, admin, { title: 'Later', contactId: lead.id, assigneeId: user.id });
    expect((await myTasks(user, 'nodate')).tasks.map((x) => x.id)).not.toContain(adminTask.id);
  });
});

describe('GET /api/tasks (My Tasks)', () => {
  it('groups the open tasks into overdue, today, upcoming and no date, pages them, and keeps done apart', async () => {
    const me = await signIn(t, { firstName: 'Mia', surname: 'Mine' });
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const dayStart = midnight.toISOString();
    const endOfDay = new Date(midnight.getTime() + 86_400_000 - 1000).toISOString();
    const overdue = await createTask(t, me, { title: 'late', dueAt: inMinutes(-30) });
    const today = await createTask(t, me, { title: 'today', dueAt: endOfDay });
    const later1 = await createTask(t, me, { title: 'later 1', dueAt: inMinutes(3 * 24 * 60) });
    const later2 = await createTask(t, me, { title: 'later 2', dueAt: inMinutes(2 * 24 * 60) });
    const undated = await createTask(t, me, { title: 'someday' });
    const done = await createTask(t, me, { title: 'done', dueAt: inMinutes(-60) });
    await updateTask(t, me, done.id, { state: 'done' });
    await createTask(t, other, { title: 'not mine', dueAt: inMinutes(-5) });

    const q = `&dayStart=${encodeURIComponent(dayStart)}`;
    expect((await myTasks(me, 'overdue', q)).tasks.map((x) => x.id)).toEqual([overdue.id]);
    if (endOfDay > new Date().toISOString()) {
      expect((await myTasks(me, 'today', q)).tasks.map((x) => x.id)).toEqual([today.id]);
    }
    const upcoming = await myTasks(me, 'upcoming', `${q}&limit=1`);
    expect(upcoming.total).toBe(2);
    expect(upcoming.tasks.map((x) => x.id)).toEqual([later2.id]);
    const second = await myTasks(me, 'upcoming', `${q}&limit=1&offset=1`);
    expect(second.tasks.map((x) => x.id)).toEqual([later1.id]);
    expect((await myTasks(me, 'nodate', q)).tasks.map((x) => x.id)).toEqual([undated.id]);
    expect((await myTasks(me, 'done', q)).tasks.map((x) => x.id)).toEqual([done.id]);

    const summary = await call(t, 'GET', `/api/tasks/summary?dayStart=${encodeURIComponent(dayStart)}`, me);
    expect(summary.json()).toEqual({ overdue: 1, today: 1, upcoming: 2, nodate: 1, open: 5 });
  });

  it('refuses an unknown group with 400', async () => {
    const res = await call(t, 'GET', '/api/tasks?group=someday', user);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('group must be overdue, today, upcoming, nodate or done');
  });
});
