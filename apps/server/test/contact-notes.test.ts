import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactJson, call, createContact, leadPayload, type NoteJson } from './helpers/contacts.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
let contact: ContactJson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  other = await signIn(t, { firstName: 'Oya', surname: 'Other' });
  contact = await createContact(t, user, leadPayload());
});
afterAll(async () => t.close());

const addNote = (contactId: number, content: unknown, who: SignedIn = user) =>
  call(t, 'POST', `/api/contacts/${contactId}/add-note`, who, content === undefined ? {} : { content });
const notesOf = async (contactId: number, who: SignedIn = user) => {
  const res = await call(t, 'GET', `/api/contacts/${contactId}/notes`, who);
  expect(res.statusCode).toBe(200);
  return res.json<NoteJson[]>();
};
const deleteNote = (contactId: number, noteId: number, who: SignedIn = user) =>
  call(t, 'PATCH', `/api/contacts/${contactId}/delete-notes/${noteId}`, who);
const reactivateNote = (contactId: number, noteId: number, who: SignedIn = admin) =>
  call(t, 'PATCH', `/api/contacts/${contactId}/reactivate-notes/${noteId}`, who);

/** Markup that must never survive sanitising, whatever the spelling. */
const DANGEROUS = [
  '<script>alert(1)</script>',
  '<SCRIPT src="https://evil.example/x.js"></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<p onclick="alert(1)">click</p>',
  '<svg onload=alert(1)></svg>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">b</a>',
  '<a href=" javascript:alert(1)">c</a>',
  '<a href="java&#x09;script:alert(1)">d</a>',
  '<a href="&#106;avascript:alert(1)">e</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">f</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<object data="javascript:alert(1)"></object>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
];

function expectHarmless(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toContain('<script');
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toContain('javascript:');
  expect(lower).not.toContain('data:');
  expect(lower).not.toContain('<iframe');
  expect(lower).not.toContain('<object');
  expect(lower).not.toContain('<svg');
  expect(lower).not.toContain('<img');
  expect(lower).not.toContain('style=');
}

describe('POST /api/contacts/:id/add-note', () => {
  it('adds a note by the caller and answers it with 201', async () => {
    const res = await addNote(contact.id, '<p>Called, <strong>interested</strong> in a villa.</p>', other);
    expect(res.statusCode).toBe(201);
    const note = res.json<NoteJson>();
    expect(note).toMatchObject({
      content: '<p>Called, <strong>interested</strong> in a villa.</p>',
      isActive: true,
      user: { id: other.id, name: 'Oya Other' },
    });
    expect(new Date(note.createdAt).toISOString()).toBe(note.createdAt);
    expect((await notesOf(contact.id)).map((n) => n.id)).toContain(note.id);
  });

  it('keeps the formatting the editor produces, and safe links', async () => {
    const html =
      '<h2>Visit</h2><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<p><em>e</em> <u>u</u> <s>s</s> <code>c</code></p><a href="https://example.com/x">site</a>' +
      '<a href="mailto:a@example.com">mail</a>';
    const res = await addNote(contact.id, html);
    expect(res.statusCode).toBe(201);
    const content = res.json<NoteJson>().content;
    for (const part of [
      '<h2>Visit</h2>',
      '<ul><li>one</li></ul>',
      '<em>e</em>',
      '<u>u</u>',
      '<code>c</code>',
    ]) {
      expect(content).toContain(part);
    }
    expect(content).toContain('href="https://example.com/x"');
    expect(content).toContain('href="mailto:a@example.com"');
    expect(content).toContain('rel="noopener noreferrer nofollow"');
  });

  it.each(DANGEROUS.map((html) => [html]))('never keeps %s', async (html) => {
    const res = await addNote(contact.id, `<p>Safe text</p>${html}`);
    expect(res.statusCode).toBe(201);
    const note = res.json<NoteJson>();
    expectHarmless(note.content);
    expect(note.content).toContain('Safe text');
    const stored = (await notesOf(contact.id)).find((n) => n.id === note.id);
    expectHarmless(stored!.content);
  });

  it.each([
    ['an empty string', ''],
    ['spaces', '   '],
    ['an empty paragraph', '<p> </p><p><br></p>'],
    ['non-breaking spaces', '<p>&nbsp;&nbsp;</p>'],
    ['only a script', '<script>alert(1)</script>'],
    ['only an image', '<img src=x onerror=alert(1)>'],
  ])('refuses %s with "Note cannot be empty"', async (_label, content) => {
    const res = await addNote(contact.id, content);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Note cannot be empty');
    expect(fieldsOf(res).content).toBe('Note cannot be empty');
  });

  it('refuses a missing or non-text content', async () => {
    expect((await addNote(contact.id, undefined)).statusCode).toBe(400);
    expect((await addNote(contact.id, 42)).statusCode).toBe(400);
  });

  it('refuses a note of 1,001 characters of text', async () => {
    const res = await addNote(contact.id, `<p>${'a'.repeat(1001)}</p>`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Note can be at most 1,000 characters');
    expect(fieldsOf(res).content).toBe('Note can be at most 1,000 characters');
  });

  it('accepts 1,000 characters of text however much markup wraps them', async () => {
    const words = 'b'.repeat(500);
    const res = await addNote(contact.id, `<p><strong>${words}</strong></p><p><em>${words}</em></p>`);
    expect(res.statusCode).toBe(201);
  });

  it('counts an escaped character as one character', async () => {
    expect((await addNote(contact.id, '&amp;'.repeat(1000))).statusCode).toBe(201);
    expect((await addNote(contact.id, '&lt;'.repeat(1001))).statusCode).toBe(400);
  });

  it('keeps text that looks like markup as text, escaped', async () => {
    const res = await addNote(contact.id, '<p>1 &lt; 2 &amp;&amp; &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(res.statusCode).toBe(201);
    const content = res.json<NoteJson>().content;
    expect(content).not.toContain('<script');
    expect(content).toContain('&lt;script&gt;');
  });

  it('answers 404 "Contact not found." for an unknown contact', async () => {
    const res = await addNote(999999, 'hello');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Contact not found.');
  });
});

describe('GET /api/contacts/:id/notes', () => {
  it('lists the notes of that contact only, newest first, with their authors', async () => {
    const mine = await createContact(t, user, leadPayload());
    const elsewhere = await createContact(t, user, leadPayload());
    const first = (await addNote(mine.id, 'first', user)).json<NoteJson>();
    const second = (await addNote(mine.id, 'second', other)).json<NoteJson>();
    await addNote(elsewhere.id, 'not here');
    const notes = await notesOf(mine.id, other);
    expect(notes.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(notes.map((n) => n.user.name)).toEqual(['Oya Other', 'Umut User']);
    expect(notes[0]).toEqual(second);
  });

  it('answers [] for a contact without notes', async () => {
    const bare = await createContact(t, user, leadPayload());
    expect(await notesOf(bare.id)).toEqual([]);
  });

  it('answers 404 for an unknown contact', async () => {
    const res = await call(t, 'GET', '/api/contacts/999999/notes', user);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Contact not found.');
  });
});

describe('deleting and reactivating notes', () => {
  it('lets anyone delete a note; non-admins are then not sent it, admins see it inactive', async () => {
    const target = await createContact(t, user, leadPayload());
    const note = (await addNote(target.id, 'to delete', admin)).json<NoteJson>();
    const kept = (await addNote(target.id, 'to keep')).json<NoteJson>();

    const res = await deleteNote(target.id, note.id, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, isActive: false });

    for (const who of [user, other]) {
      expect((await notesOf(target.id, who)).map((n) => n.id)).toEqual([kept.id]);
    }
    const asAdmin = await notesOf(target.id, admin);
    expect(asAdmin.map((n) => [n.id, n.isActive])).toEqual([
      [kept.id, true],
      [note.id, false],
    ]);
    expect(asAdmin.find((n) => n.id === note.id)?.content).toBe('to delete');
  });

  it('answers 404 to a non-admin for a note already deleted', async () => {
    const target = await createContact(t, user, leadPayload());
    const note = (await addNote(target.id, 'gone')).json<NoteJson>();
    await deleteNote(target.id, note.id);
    const again = await deleteNote(target.id, note.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe('Note not found');
  });

  it('reactivation is admin-only: 403 for anyone else, and the note stays deleted', async () => {
    const target = await createContact(t, user, leadPayload());
    const note = (await addNote(target.id, 'deleted')).json<NoteJson>();
    await deleteNote(target.id, note.id);
    const res = await reactivateNote(target.id, note.id, user);
    expect(res.statusCode).toBe(403);
    expect(await notesOf(target.id, user)).toEqual([]);
    expect((await notesOf(target.id, admin))[0]?.isActive).toBe(false);
  });

  it('an admin reactivates a note and everyone sees it again', async () => {
    const target = await createContact(t, user, leadPayload());
    const note = (await addNote(target.id, 'back again')).json<NoteJson>();
    await deleteNote(target.id, note.id);
    const res = await reactivateNote(target.id, note.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, isActive: true, content: 'back again' });
    expect((await notesOf(target.id, user)).map((n) => [n.id, n.isActive])).toEqual([[note.id, true]]);
  });

  it('an admin may delete a note too', async () => {
    const target = await createContact(t, user, leadPayload());
    const note = (await addNote(target.id, 'admin deletes')).json<NoteJson>();
    expect((await deleteNote(target.id, note.id, admin)).statusCode).toBe(200);
    expect(await notesOf(target.id, user)).toEqual([]);
  });

  it('answers 404 "Note not found" for a note of another contact or an unknown note', async () => {
    const a = await createContact(t, user, leadPayload());
    const b = await createContact(t, user, leadPayload());
    const note = (await addNote(a.id, 'belongs to a')).json<NoteJson>();
    for (const res of [
      await deleteNote(b.id, note.id),
      await reactivateNote(b.id, note.id, admin),
      await deleteNote(a.id, 999999),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Note not found');
    }
    expect((await notesOf(a.id)).map((n) => n.isActive)).toEqual([true]);
  });

  it('answers 400 for malformed ids', async () => {
    expect((await call(t, 'PATCH', `/api/contacts/${contact.id}/delete-notes/abc`, user)).statusCode).toBe(
      400,
    );
    expect((await call(t, 'PATCH', '/api/contacts/abc/delete-notes/1', user)).statusCode).toBe(400);
  });
});

describe("the contact's own notes field", () => {
  it.each(DANGEROUS.map((html) => [html]))('never keeps %s on create or update', async (html) => {
    const created = await createContact(t, user, leadPayload({ notes: `<p>Prefers mornings</p>${html}` }));
    expectHarmless(created.notes);
    expect(created.notes).toContain('Prefers mornings');
    const updated = await call(
      t,
      'PUT',
      `/api/contacts/${created.id}`,
      user,
      leadPayload({ notes: `<p>Evenings</p>${html}` }),
    );
    expect(updated.statusCode).toBe(200);
    expectHarmless(updated.json().notes);
    const stored = await call(t, 'GET', `/api/contacts/${created.id}`, user);
    expectHarmless(stored.json().notes);
    expect(stored.json().notes).toContain('Evenings');
  });

  it('stores notes with no visible text as empty', async () => {
    const created = await createContact(t, user, leadPayload({ notes: '<p><script>alert(1)</script></p>' }));
    expect(created.notes).toBe('');
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/contacts/1/notes'],
    ['POST', '/api/contacts/1/add-note'],
    ['PATCH', '/api/contacts/1/delete-notes/1'],
    ['PATCH', '/api/contacts/1/reactivate-notes/1'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const res = await call(t, method, url, undefined, method === 'POST' ? { content: 'x' } : undefined);
    expect(res.statusCode).toBe(401);
  });
});
