import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../src/db/dialect.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { api, daysFromToday } from './helpers/agencies.js';
import { createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { type OpenStream, openEventStream, type StreamEvent } from './helpers/event-stream.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * A deal's notes, files and tasks, through the same routes contacts and agencies have, under
 * /api/deals/{id}: only those who may see the deal reach them, and its history tells of its tasks.
 */
interface NoteJson {
  id: number;
  content: string;
  isActive: boolean;
  user: { id: number; name: string };
}
interface FileJson {
  id: number;
  name: string;
  url: string;
  isActive: boolean;
  validUntil: string;
}
interface TaskJson {
  id: number;
  title: string;
  record: { kind: string; id: number; name: string; path: string } | null;
  assignee: { id: number };
}
interface HistoryJson {
  kind: string;
  field: string | null;
  newValue: string | null;
  task?: { id: number; title: string };
}

const DEAL_NOT_FOUND = 'Deal not found.';

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
let mehmetStream: OpenStream;
let ayseStream: OpenStream;
let newStage: number;
let dealId: number;
let contactId: number;

async function createDeal(who: SignedIn, title: string): Promise<number> {
  const res = await api(t, 'POST', '/api/deals', who, { title, contactId, stageId: newStage });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

function upload(id: number, who: SignedIn, name = 'offer.pdf') {
  const body = multipartBody(
    { validUntil: daysFromToday(40) },
    { filename: name, contentType: 'application/pdf', content: '%PDF-1.4 offer' },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/upload-file`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  contactId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>();
  newStage = stages.find((stage) => stage.name === 'New')!.id;
  dealId = await createDeal(ayse, 'Harbour flat for Leyla');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  mehmetStream = await openEventStream(base, mehmet.token);
  ayseStream = await openEventStream(base, ayse.token);
});
afterAll(async () => {
  mehmetStream?.close();
  ayseStream?.close();
  await t.close();
});

const WAIT_MS = 3000;
const is = (kind: string, id: number) => (event: StreamEvent) => event.kind === kind && event.id === id;

describe('notes on a deal', () => {
  it('adds, lists and deletes a note; an admin sees the deleted one and brings it back', async () => {
    const added = await api(t, 'POST', `/api/deals/${dealId}/add-note`, ayse, {
      content: '<p>Wants a sea view</p>',
    });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json<NoteJson>();
    expect(note).toMatchObject({
      content: '<p>Wants a sea view</p>',
      isActive: true,
      user: { name: 'Ayşe Sales' },
    });

    const listed = await api(t, 'GET', `/api/deals/${dealId}/notes`, ayse);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<NoteJson[]>().map((row) => row.id)).toEqual([note.id]);

    const deleted = await api(t, 'PATCH', `/api/deals/${dealId}/delete-notes/${note.id}`, ayse);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<NoteJson>().isActive).toBe(false);
    expect((await api(t, 'GET', `/api/deals/${dealId}/notes`, ayse)).json<NoteJson[]>()).toEqual([]);
    const adminList = (await api(t, 'GET', `/api/deals/${dealId}/notes`, admin)).json<NoteJson[]>();
    expect(adminList.map((row) => [row.id, row.isActive])).toEqual([[note.id, false]]);

    const refused = await api(t, 'PATCH', `/api/deals/${dealId}/reactivate-notes/${note.id}`, ayse);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe('Only an administrator can reactivate notes');
    const back = await api(t, 'PATCH', `/api/deals/${dealId}/reactivate-notes/${note.id}`, admin);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<NoteJson>().isActive).toBe(true);
  });

  it('refuses an empty note with the notes’ own message', async () => {
    const res = await api(t, 'POST', `/api/deals/${dealId}/add-note`, ayse, { content: '<p> </p>' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Note cannot be empty');
  });

  it('does not record a note in the deal’s history, as contacts do not', async () => {
    await api(t, 'POST', `/api/deals/${dealId}/add-note`, ayse, { content: 'Called back' });
    const history = (await api(t, 'GET', `/api/deals/${dealId}/history`, ayse)).json<HistoryJson[]>();
    expect(history.some((entry) => entry.kind === 'note')).toBe(false);
  });

  it('tells the deal’s people of a new note, and no one else', async () => {
    const from = mehmetStream.events.length;
    await api(t, 'POST', `/api/deals/${dealId}/add-note`, ayse, { content: uniqueTag('note') });
    await ayseStream.waitFor(is('deal', dealId), WAIT_MS);
    // A marker Mehmet hears: his own deal's note, published after.
    const his = await createDeal(mehmet, 'Mehmet’s villa');
    await api(t, 'POST', `/api/deals/${his}/add-note`, mehmet, { content: 'Marker' });
    await mehmetStream.waitFor(is('deal', his), WAIT_MS);
    expect(mehmetStream.events.slice(from).some(is('deal', dealId))).toBe(false);
  });
});

describe('files on a deal', () => {
  it('uploads and lists a file, opens it by its link and deactivates it', async () => {
    const res = await upload(dealId, ayse);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<FileJson>();
    expect(file).toMatchObject({ name: 'offer.pdf', isActive: true, validUntil: daysFromToday(40) });
    expect(file.url.startsWith('/uploads/')).toBe(true);

    const listed = (await api(t, 'GET', `/api/deals/${dealId}/files`, ayse)).json<FileJson[]>();
    expect(listed.map((row) => row.id)).toEqual([file.id]);

    const opened = await t.app.inject({ method: 'GET', url: file.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('%PDF-1.4 offer');

    const off = await api(t, 'PATCH', `/api/deals/deactivate/files/${file.id}`, ayse);
    expect(off.statusCode, off.body).toBe(200);
    expect((await api(t, 'GET', `/api/deals/${dealId}/files`, ayse)).json<FileJson[]>()).toEqual([]);
  });

  it('turns the file’s validity into a task for the deal’s assignee', async () => {
    const file = (await upload(dealId, ayse, 'contract.pdf')).json<FileJson>();
    const tasks = (await api(t, 'GET', `/api/deals/${dealId}/tasks`, ayse)).json<TaskJson[]>();
    const reminder = tasks.find(
      (task) => task.title === `Renew "contract.pdf": valid until ${file.validUntil}`,
    );
    expect(reminder?.record).toEqual({
      kind: 'deal',
      id: dealId,
      name: 'Harbour flat for Leyla',
      path: `/deals/${dealId}`,
    });
    expect(reminder?.assignee.id).toBe(ayse.id);
  });
});

describe('tasks on a deal', () => {
  it('creates a task with a dealId: listed on the deal, in its history and told live with its record', async () => {
    const from = ayseStream.events.length;
    const res = await api(t, 'POST', '/api/tasks', ayse, { title: 'Send the offer', dealId });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json<TaskJson>();
    expect(task.record).toEqual({
      kind: 'deal',
      id: dealId,
      name: 'Harbour flat for Leyla',
      path: `/deals/${dealId}`,
    });

    const listed = (await api(t, 'GET', `/api/deals/${dealId}/tasks`, ayse)).json<TaskJson[]>();
    expect(listed.map((row) => row.id)).toContain(task.id);

    const history = (await api(t, 'GET', `/api/deals/${dealId}/history`, ayse)).json<HistoryJson[]>();
    expect(history[0]).toMatchObject({
      kind: 'task',
      field: 'task',
      newValue: 'Send the offer',
      task: { id: task.id, title: 'Send the offer' },
    });

    const heard = await ayseStream.waitFor(is('task', task.id), WAIT_MS);
    expect(heard.record).toEqual({ kind: 'deal', id: dealId });
    expect(ayseStream.events.length).toBeGreaterThan(from);
  });

  it('refuses a task on a deal and a contact at once', async () => {
    const res = await api(t, 'POST', '/api/tasks', ayse, { title: 'Both', dealId, contactId });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('A task on a deal belongs to no contact or agency as well');
  });

  it('hides a deal’s task from a plain user who may not see the deal', async () => {
    const task = (
      await api(t, 'POST', '/api/tasks', ayse, { title: 'Private follow-up', dealId })
    ).json<TaskJson>();
    const res = await api(t, 'GET', `/api/tasks/${task.id}`, mehmet);
    expect(res.statusCode).toBe(404);
    expect((await api(t, 'GET', `/api/tasks/${task.id}`, admin)).statusCode).toBe(200);
  });
});

describe('someone else’s deal', () => {
  it('is not found for a plain user, whatever they ask of it', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/deals/${dealId}/notes`, undefined],
      ['POST', `/api/deals/${dealId}/add-note`, { content: 'Hello' }],
      ['GET', `/api/deals/${dealId}/files`, undefined],
      ['GET', `/api/deals/${dealId}/tasks`, undefined],
      ['POST', '/api/tasks', { title: 'Sneaky', dealId }],
    ] as const) {
      const res = await api(t, method, url, mehmet, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res)).toBe(DEAL_NOT_FOUND);
    }
    const file = await upload(dealId, mehmet);
    expect(file.statusCode).toBe(404);
    expect(errorOf(file)).toBe(DEAL_NOT_FOUND);
  });

  it('is not found when there is no such deal, even for an admin', async () => {
    const res = await api(t, 'GET', '/api/deals/999999/notes', admin);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(DEAL_NOT_FOUND);
  });

  it('keeps a deal’s file link from a plain user who may not see it', async () => {
    const file = (await upload(dealId, ayse, 'plan.pdf')).json<FileJson>();
    // Mehmet gets no link to it at all; a deactivated deal is Ayşe's no more, and her link stops.
    const deactivated = await api(t, 'PUT', `/api/deals/${dealId}`, admin, {
      title: 'Harbour flat for Leyla',
      contactId,
      stageId: newStage,
      isActive: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: file.url });
    expect(opened.statusCode).toBe(404);
    expect(errorOf(opened)).toBe('File not found');
    const res = await api(t, 'GET', `/api/deals/${dealId}/files`, ayse);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(DEAL_NOT_FOUND);
  });
});

describe('migration 0029', () => {
  let old: TestApp;
  const ids = { note: 0, file: 0, task: 0, agency: 0 };

  beforeAll(async () => {
    old = await createTestApp({}, async (db) => {
      await migrateUpTo(db, '0028-deal-title-prefix');
      // Rows as the versions before 0029 wrote them: a partner's note, file, and the file's task.
      const at = new Date().toISOString();
      const { id: userId } = await db
        .insertInto('users')
        .values({
          name: 'Old Owner',
          first_name: 'Old',
          surname: 'Owner',
          phone: '905321234567',
          email: 'old.owner@records.example',
          password_hash: 'x',
          role: 'admin',
          created_at: at,
          updated_at: at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.agency = (
        await db
          .insertInto('agencies')
          .values({ name: 'Old Partner', created_at: at, updated_at: at } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const owned = { agency_id: ids.agency, user_id: userId, is_active: 1, created_at: at, updated_at: at };
      ids.note = (
        await db
          .insertInto('notes')
          .values({ ...owned, content: 'Old note' } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.file = (
        await db
          .insertInto('files')
          .values({
            ...owned,
            name: 'contract.pdf',
            filename: 'a'.repeat(32),
            mime_type: 'application/pdf',
            size: 3,
            valid_until: '2030-01-01',
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.task = (
        await db
          .insertInto('tasks')
          .values({
            title: 'Renew',
            assignee_id: userId,
            creator_id: userId,
            agency_id: ids.agency,
            file_id: ids.file,
            created_at: at,
            updated_at: at,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await migrateToLatest(db);
    });
  });
  afterAll(async () => old?.close());

  it('keeps every note, file and task link, and holds a note or file to exactly one parent', async () => {
    const note = await old.db.selectFrom('notes').selectAll().where('id', '=', ids.note).executeTakeFirst();
    expect(note).toMatchObject({
      agency_id: ids.agency,
      contact_id: null,
      deal_id: null,
      content: 'Old note',
    });
    const file = await old.db.selectFrom('files').selectAll().where('id', '=', ids.file).executeTakeFirst();
    expect(file).toMatchObject({ agency_id: ids.agency, deal_id: null, name: 'contract.pdf' });
    const task = await old.db.selectFrom('tasks').selectAll().where('id', '=', ids.task).executeTakeFirst();
    expect(task).toMatchObject({ file_id: ids.file, agency_id: ids.agency, deal_id: null });

    const at = new Date().toISOString();
    const orphan = old.db
      .insertInto('notes')
      .values({ content: 'No parent', user_id: 1, is_active: 1, created_at: at, updated_at: at } as never)
      .execute();
    await expect(orphan).rejects.toThrow(/notes_one_parent|CHECK constraint failed/);
    if (engineOf(old.db) === 'sqlite') {
      const { rows } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(old.db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }
  });
});
