import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../src/modules/events/event-bus.js';
import { sendDueReminders } from '../src/modules/tasks/due-reminders.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import {
  type ContactJson,
  call,
  createContact,
  insertAgency,
  leadPayload,
  type NoteJson,
} from './helpers/contacts.js';
import { createTask, inMinutes, notificationsOf, unreadCount } from './helpers/tasks.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * A notification carries what it is about (a note's text, a task's title, a contact's name), so it
 * goes only to those who may read that, by the rule the record's own screens use.
 */
let t: TestApp;
let admin: SignedIn;
let otherAdmin: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0', JOBS_POLL_MS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  otherAdmin = await signIn(t, { role: 'admin', firstName: 'Ahmet', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => t.close());

const mention = (id: number, name: string) => `<span data-mention="${id}">@${name}</span>`;

async function deactivatedLead(name: string): Promise<ContactJson> {
  const lead = await createContact(t, admin, leadPayload({ name, surname: 'Hidden' }));
  expect((await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin)).statusCode).toBe(200);
  return lead;
}

/** Every notification row of a user, read from the table itself: none may exist to be shown later. */
async function storedTexts(who: SignedIn): Promise<string[]> {
  const rows = await t.db.selectFrom('notifications').select('text').where('user_id', '=', who.id).execute();
  return rows.map((row) => row.text);
}

describe('a mention tells only those who may read the note', () => {
  it('an admin’s note on a deactivated contact notifies the admin it mentions, not the plain user', async () => {
    const lead = await deactivatedLead('Secret');
    const res = await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, admin, {
      content: `<p>Salary talk ${mention(user.id, 'Umut')} ${mention(otherAdmin.id, 'Ahmet')}</p>`,
    });
    expect(res.statusCode).toBe(201);

    // The plain user may not read the note, so the notification would have handed it over.
    expect((await call(t, 'GET', `/api/contacts/${lead.id}/notes`, user)).statusCode).toBe(404);
    expect(await storedTexts(user)).not.toContain('Salary talk @Umut @Ahmet');
    expect(await unreadCount(t, user)).toBe(0);
    expect((await notificationsOf(t, otherAdmin))[0]).toMatchObject({
      kind: 'mention',
      text: 'Salary talk @Umut @Ahmet',
      record: { kind: 'contact', id: lead.id },
    });
  });

  it('a note on a deactivated agency notifies the plain user, who may read it there', async () => {
    const agencyId = await insertAgency(t, 'Dormant Partner', { active: false });
    const res = await call(t, 'POST', `/api/agencies/${agencyId}/add-note`, admin, {
      content: `<p>Over to ${mention(user.id, 'Umut')}</p>`,
    });
    expect(res.statusCode).toBe(201);
    const notes = await call(t, 'GET', `/api/agencies/${agencyId}/notes`, user);
    expect(notes.json<NoteJson[]>().map((note) => note.id)).toEqual([res.json<NoteJson>().id]);
    expect((await notificationsOf(t, user))[0]).toMatchObject({
      kind: 'mention',
      text: 'Over to @Umut',
      record: { kind: 'agency', id: agencyId },
    });
  });
});

describe('a note mentions at most 20 people', () => {
  async function colleagues(count: number): Promise<number[]> {
    const at = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await insertUser(
          t.db,
          {
            name: `Colleague ${ids.length + 1}`,
            first_name: 'Colleague',
            surname: String(ids.length + 1),
            phone: '905321234567',
            email: `colleague${Date.now()}-${i}@example.com`,
            role: 'user',
            is_active: 1,
            password_hash: 'unused',
          },
          at,
        ),
      );
    }
    return ids;
  }

  it('refuses a 21st with a sentence, writing nothing; 20 notify 20', async () => {
    const lead = await createContact(t, admin, leadPayload({ name: 'Crowded', surname: 'Lead' }));
    const ids = await colleagues(21);
    const content = (people: number[]) => `<p>${people.map((id) => mention(id, 'C')).join(' ')}</p>`;

    const refused = await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, admin, {
      content: content(ids),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('A note can mention at most 20 people');
    expect(fieldsOf(refused)).toEqual({ content: 'A note can mention at most 20 people' });
    expect((await call(t, 'GET', `/api/contacts/${lead.id}/notes`, admin)).json()).toEqual([]);
    const notified = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', 'in', ids)
      .execute();
    expect(notified).toEqual([]);

    // The same person twice is one mention.
    const twenty = ids.slice(0, 20);
    const accepted = await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, admin, {
      content: content([...twenty, twenty[0]!]),
    });
    expect(accepted.statusCode).toBe(201);
    const rows = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', 'in', ids)
      .execute();
    expect(rows.map((row) => row.user_id).sort((a, b) => a - b)).toEqual(twenty);
  });
});

describe('other notifications follow the same rule', () => {
  it('a task on a deactivated contact given to a plain user tells them nothing, nor does its due time', async () => {
    const reader = await signIn(t, { firstName: 'Rana', surname: 'Reader' });
    const lead = await deactivatedLead('Tasked');
    const task = await createTask(t, admin, {
      title: 'Collect the unpaid rent',
      contactId: lead.id,
      assigneeId: reader.id,
      dueAt: inMinutes(-1),
    });
    expect((await call(t, 'GET', `/api/tasks/${task.id}`, reader)).statusCode).toBe(404);
    const here = { db: t.db, events: { publish: () => {} } as unknown as EventBus };
    expect(await sendDueReminders(here)).toBe(1);
    expect(await storedTexts(reader)).toEqual([]);
  });

  it('a deactivated contact assigned to a plain user tells them nothing', async () => {
    const reader = await signIn(t, { firstName: 'Selin', surname: 'Reader' });
    const lead = await deactivatedLead('Assigned');
    const res = await call(t, 'PUT', `/api/contacts/${lead.id}/assign`, admin, { assignedToId: reader.id });
    expect(res.statusCode).toBe(200);
    expect(await storedTexts(reader)).toEqual([]);
  });
});

describe('a notification about what the reader may no longer read is not shown', () => {
  it('leaves out a mention once its contact is deactivated, from the list and the counts', async () => {
    const reader = await signIn(t, { firstName: 'Oya', surname: 'Reader' });
    const lead = await createContact(t, admin, leadPayload({ name: 'Fading', surname: 'Lead' }));
    await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, admin, {
      content: `<p>Ask ${mention(reader.id, 'Oya')} and ${mention(otherAdmin.id, 'Ahmet')}</p>`,
    });
    await createTask(t, admin, { title: 'Plain task', assigneeId: reader.id });
    expect((await notificationsOf(t, reader)).map((n) => n.text)).toEqual([
      'Plain task',
      'Ask @Oya and @Ahmet',
    ]);

    await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin);
    const shown = await call(t, 'GET', '/api/notifications', reader);
    expect(shown.json<{ text: string }[]>().map((n) => n.text)).toEqual(['Plain task']);
    expect(shown.headers['x-total-count']).toBe('1');
    expect(await unreadCount(t, reader)).toBe(1);
    // An admin may still read the note, and keeps the notification.
    expect((await notificationsOf(t, otherAdmin))[0]?.text).toBe('Ask @Oya and @Ahmet');
  });

  it('leaves out a task’s notification while its agency is deactivated, and shows it again after', async () => {
    const reader = await signIn(t, { firstName: 'Ece', surname: 'Reader' });
    const agencyId = await insertAgency(t, 'Seasonal Partner');
    await createTask(t, admin, { title: 'Renew the contract', agencyId, assigneeId: reader.id });
    expect(await unreadCount(t, reader)).toBe(1);

    expect((await call(t, 'PUT', `/api/agencies/${agencyId}/status/deactivate`, admin)).statusCode).toBe(200);
    expect(await notificationsOf(t, reader)).toEqual([]);
    expect(await unreadCount(t, reader)).toBe(0);

    expect((await call(t, 'PUT', `/api/agencies/${agencyId}/status/activate`, admin)).statusCode).toBe(200);
    expect((await notificationsOf(t, reader)).map((n) => n.text)).toEqual(['Renew the contract']);
  });
});
