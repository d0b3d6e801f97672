import { Writable } from 'node:stream';
import { authMessages } from '@crm/domain';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type ContactJson, call, createContact, leadPayload } from './helpers/contacts.js';
import { createTask, inMinutes, type TaskJson, updateTask } from './helpers/tasks.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

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

interface FeedCreated {
  enabled: true;
  createdAt: string;
  url: string;
}

async function makeFeed(who: SignedIn): Promise<FeedCreated> {
  const res = await call(t, 'POST', '/api/calendar-feed', who);
  expect(res.statusCode).toBe(200);
  return res.json<FeedCreated>();
}

/** The feed's path on this server, from the absolute address the API answers. */
const pathOf = (url: string) => new URL(url).pathname;

const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pathOf(url), headers });

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  description: string;
  url: string | null;
  alarmTriggers: number[];
}

/** Reads the feed back with Mozilla's iCalendar parser. */
function parseFeed(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      description: event.description,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      alarmTriggers: vevent
        .getAllSubcomponents('valarm')
        .map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

describe('the calendar feed', () => {
  let feed: FeedCreated;
  let dated: TaskJson;
  let later: TaskJson;
  let overdue: TaskJson;
  beforeAll(async () => {
    dated = await createTask(t, user, {
      title: 'Call Lale about the flat',
      dueAt: inMinutes(120),
      contactId: contact.id,
      description: '<p>Ask about the <strong>deposit</strong></p>',
    });
    later = await createTask(t, user, { title: 'Send the contract', dueAt: inMinutes(60 * 24 * 3) });
    overdue = await createTask(t, user, { title: 'Overdue follow-up', dueAt: inMinutes(-60) });
    await createTask(t, user, { title: 'Someday, no date' });
    const done = await createTask(t, user, { title: 'Already done', dueAt: inMinutes(30) });
    await updateTask(t, user, done.id, { state: 'done' });
    // Created by the user but assigned to someone else: the other person's, not the user's.
    await createTask(t, user, { title: "Oya's task", dueAt: inMinutes(90), assigneeId: other.id });
    await createTask(t, other, { title: 'Other private task', dueAt: inMinutes(45) });
    feed = await makeFeed(user);
  });

  it("answers the feed's absolute address: a 43-character secret ending in .ics", () => {
    expect(feed.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  });

  it("lists exactly the user's open dated tasks, with no session, as text/calendar", async () => {
    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const parsed = parseFeed(res.body);
    expect(parsed.name).toBe('CRM tasks: Umut User');
    expect(parsed.events.map((event) => event.summary)).toEqual([
      'Overdue follow-up',
      'Call Lale about the flat',
      'Send the contract',
    ]);
    // iCalendar times have whole seconds.
    const toSecond = (iso: string | null) => `${iso!.slice(0, 19)}.000Z`;
    expect(parsed.events.map((event) => event.start)).toEqual(
      [overdue, dated, later].map((task) => toSecond(task.dueAt)),
    );
  });

  it("links an event to its record and carries the task's text", async () => {
    const { events } = parseFeed((await fetchFeed(feed.url)).body);
    const call = events.find((event) => event.summary === 'Call Lale about the flat')!;
    const link = `http://localhost:80/lead/${contact.id}`;
    expect(call.url).toBe(link);
    expect(call.description).toBe(`Contact: Lale Lead\n${link}\nAsk about the deposit`);
    const loose = events.find((event) => event.summary === 'Send the contract')!;
    expect(loose.url).toBe('http://localhost:80/my-tasks');
  });

  it('gives every event an alarm at its due time, as the CRM reminds then', async () => {
    const { events } = parseFeed((await fetchFeed(feed.url)).body);
    expect(events.map((event) => event.alarmTriggers)).toEqual([[0], [0], [0]]);
  });

  it('keeps each UID across polls, edits and a new address', async () => {
    const first = parseFeed((await fetchFeed(feed.url)).body).events;
    expect(first.find((event) => event.summary === 'Send the contract')!.uid).toMatch(
      new RegExp(`^task-${later.id}@[0-9a-f-]{36}$`),
    );
    await updateTask(t, user, later.id, { title: 'Send the signed contract' });
    const again = await makeFeed(user);
    feed = again;
    const second = parseFeed((await fetchFeed(again.url)).body).events;
    expect(second.map((event) => event.uid)).toEqual(first.map((event) => event.uid));
    expect(second.find((event) => event.uid === first[2]!.uid)!.summary).toBe('Send the signed contract');
  });

  it('answers an ETag, and 304 without a body while the tasks stay the same', async () => {
    const res = await fetchFeed(feed.url);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await fetchFeed(feed.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await fetchFeed(feed.url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    await createTask(t, user, { title: 'A new one', dueAt: inMinutes(300) });
    const changed = await fetchFeed(feed.url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.body).events.map((event) => event.summary)).toContain('A new one');
  });

  it('drops a task once it is done or given to someone else', async () => {
    await updateTask(t, user, overdue.id, { state: 'done' });
    await updateTask(t, user, dated.id, { assigneeId: other.id });
    const titles = parseFeed((await fetchFeed(feed.url)).body).events.map((event) => event.summary);
    expect(titles).not.toContain('Overdue follow-up');
    expect(titles).not.toContain('Call Lale about the flat');
    expect(titles).toContain('Send the signed contract');
  });
});

describe('the cap', () => {
  it('holds the 1,000 tasks due soonest from now, then the latest overdue ones', async () => {
    const busy = await signIn(t, { firstName: 'Bora', surname: 'Busy' });
    const at = new Date().toISOString();
    const task = (title: string, dueAt: string) => ({
      title,
      description: '',
      due_at: dueAt,
      priority: 'normal',
      state: 'open',
      assignee_id: busy.id,
      creator_id: busy.id,
      contact_id: null,
      agency_id: null,
      file_id: null,
      due_notified_at: null,
      completed_at: null,
      created_at: at,
      updated_at: at,
    });
    const rows = [
      task('Overdue 3h', inMinutes(-180)),
      task('Overdue 2h', inMinutes(-120)),
      task('Overdue 1h', inMinutes(-60)),
      ...Array.from({ length: 999 }, (_, i) => task(`Future ${i + 1}`, inMinutes(60 + i))),
    ];
    for (let i = 0; i < rows.length; i += 200) {
      await t.db
        .insertInto('tasks')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const { url } = await makeFeed(busy);
    const titles = parseFeed((await fetchFeed(url)).body).events.map((event) => event.summary);
    expect(titles).toHaveLength(1000);
    expect(titles[0]).toBe('Overdue 1h');
    expect(titles.at(-1)).toBe('Future 999');
  });
});

describe('the feed address', () => {
  it('answers 404 for an unknown secret, a malformed one and a missing .ics', async () => {
    const { url } = await makeFeed(other);
    const secret = /calendar\/(.+)\.ics$/.exec(url)![1]!;
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${secret}`,
      `/api/calendar/${secret}.ics.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Calendar feed not found');
    }
  });

  it('stops working at once when regenerated', async () => {
    const old = await makeFeed(other);
    expect((await fetchFeed(old.url)).statusCode).toBe(200);
    const fresh = await makeFeed(other);
    expect(fresh.url).not.toBe(old.url);
    const res = await fetchFeed(old.url);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Calendar feed not found');
    expect((await fetchFeed(fresh.url)).statusCode).toBe(200);
  });

  it('answers 404 once turned off, and the status says so', async () => {
    const { url } = await makeFeed(other);
    const off = await call(t, 'DELETE', '/api/calendar-feed', other);
    expect(off.statusCode).toBe(204);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Calendar feed not found');
    const status = await call(t, 'GET', '/api/calendar-feed', other);
    expect(status.json()).toEqual({ enabled: false, createdAt: null });
  });

  it("answers 404 for a deactivated user's feed", async () => {
    const leaving = await signIn(t, { firstName: 'Leyla', surname: 'Leaving' });
    await createTask(t, leaving, { title: 'Hand over', dueAt: inMinutes(60) });
    const { url } = await makeFeed(leaving);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const deactivated = await call(t, 'PUT', `/api/users/${leaving.id}/deactivate`, admin);
    expect(deactivated.statusCode).toBe(200);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Calendar feed not found');
  });

  it('keeps only the SHA-256 of the secret', async () => {
    const { url } = await makeFeed(admin);
    const secret = /calendar\/(.+)\.ics$/.exec(url)![1]!;
    const rows = await t.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    const row = rows.find((r) => r.user_id === admin.id)!;
    const { createHash } = await import('node:crypto');
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('never reaches the log, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'trace' },
      db: t.db,
      serveWeb: false,
      logStream: stream,
    });
    try {
      const { url } = await makeFeed(admin);
      const secret = /calendar\/(.+)\.ics$/.exec(url)![1]!;
      expect((await logged.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
      const res = await logged.inject({ method: 'GET', url: `/api/calendar/${secret.slice(1)}x.ics` });
      expect(res.statusCode).toBe(404);
      const log = lines.join('');
      expect(log).toContain('/api/calendar/[redacted]');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice(1, 40));
    } finally {
      await logged.close();
    }
  });
});

describe('managing the feed', () => {
  it('needs a session: 401 without one', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(t, method, '/api/calendar-feed');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toBe(authMessages.unauthenticated);
    }
  });

  it('tells whether a feed exists and when it was made, never its address', async () => {
    const someone = await signIn(t);
    const before = await call(t, 'GET', '/api/calendar-feed', someone);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ enabled: false, createdAt: null });
    const made = await makeFeed(someone);
    const after = await call(t, 'GET', '/api/calendar-feed', someone);
    expect(after.json()).toEqual({ enabled: true, createdAt: made.createdAt });
  });

  it('builds the address on APP_URL when the server has one', async () => {
    const withUrl = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'crm@example.com',
      APP_URL: 'https://crm.example.com/',
    });
    try {
      const someone = await signIn(withUrl);
      const res = await call(withUrl, 'POST', '/api/calendar-feed', someone);
      expect(res.json<FeedCreated>().url).toMatch(
        /^https:\/\/crm\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
      );
    } finally {
      await withUrl.close();
    }
  });
});
