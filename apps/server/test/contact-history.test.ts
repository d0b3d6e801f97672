import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContactJson,
  call,
  createContact,
  type HistoryJson,
  insertAgency,
  leadPayload,
} from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let editor: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  editor = await signIn(t, { firstName: 'Eda', surname: 'Editor' });
});
afterAll(async () => t.close());

const historyOf = async (id: number, who: SignedIn = user) => {
  const res = await call(t, 'GET', `/api/contacts/${id}/history`, who);
  expect(res.statusCode).toBe(200);
  return res.json<HistoryJson[]>();
};
const update = (id: number, fields: Record<string, unknown>, who: SignedIn = editor) =>
  call(t, 'PUT', `/api/contacts/${id}`, who, leadPayload(fields));
/** The entries of one action, as [field, old, new], in field order. */
const changes = (entries: HistoryJson[]) =>
  entries
    .map((e) => [e.field, e.oldValue, e.newValue])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('GET /api/contacts/:id/history', () => {
  it('starts with one entry for the creation, by the creator', async () => {
    const contact = await createContact(t, user, leadPayload());
    const history = await historyOf(contact.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: 'created',
      newValue: 'LEAD',
      timestamp: contact.createdAt,
      user: { name: 'Umut User' },
    });
    expect(history[0]!.id).toEqual(expect.any(Number));
  });

  it('records one entry per changed field, with the editor’s name and the time', async () => {
    const contact = await createContact(t, user, leadPayload({ city: 'Nicosia' }));
    const before = Date.now();
    const res = await update(contact.id, { city: 'Kyrenia', email: 'ali@example.com', occupation: 'Chef' });
    expect(res.statusCode).toBe(200);
    const history = await historyOf(contact.id);
    const edits = history.filter((e) => e.kind === 'edited');
    expect(changes(edits)).toEqual([
      ['city', 'Nicosia', 'Kyrenia'],
      ['email', null, 'ali@example.com'],
      ['occupation', null, 'Chef'],
    ]);
    for (const entry of edits) {
      expect(entry.user).toEqual({ name: 'Eda Editor' });
      expect(Date.parse(entry.timestamp)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(entry.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(entry.timestamp).toBe(res.json().updatedAt);
    }
  });

  it('records nothing when nothing changed, however the values are written', async () => {
    const contact = await createContact(
      t,
      user,
      leadPayload({ email: 'same@example.com', budget: 100.5, notes: '<p>Same</p>', gender: 'MALE' }),
    );
    const count = (await historyOf(contact.id)).length;
    const res = await update(contact.id, {
      name: ' Ali ',
      phone: '+90 (532) 123-45-67',
      email: 'same@example.com',
      budget: '100.50',
      notes: '<p>Same</p>',
      gender: 'MALE',
      maritalStatus: 'null',
      city: '',
    });
    expect(res.statusCode).toBe(200);
    expect(await historyOf(contact.id)).toHaveLength(count);
  });

  it('records nothing for a refused update', async () => {
    const contact = await createContact(t, user, leadPayload());
    const count = (await historyOf(contact.id)).length;
    const res = await update(contact.id, { city: 'Lefka', phone: '1' });
    expect(res.statusCode).toBe(400);
    expect(await historyOf(contact.id)).toHaveLength(count);
  });

  it('records the agency by name, and the source it replaces', async () => {
    const agencyId = await insertAgency(t, 'Palm Estates');
    const contact = await createContact(t, user, leadPayload({ source: 'Instagram' }));
    await update(contact.id, { agencyId, source: 'Instagram' });
    const edits = (await historyOf(contact.id)).filter((e) => e.kind === 'edited');
    expect(changes(edits)).toEqual([
      ['agency', null, 'Palm Estates'],
      ['source', 'Instagram', null],
    ]);
  });

  it('records money in pounds, the phone as digits and the notes as their text', async () => {
    const contact = await createContact(t, user, leadPayload({ budget: 0, notes: '<p>Old <b>note</b></p>' }));
    await update(contact.id, { budget: 1234.56, phone: '+44 7700 900123', notes: '<p>New note</p>' });
    const edits = (await historyOf(contact.id)).filter((e) => e.kind === 'edited');
    expect(changes(edits)).toEqual([
      ['budget', '0', '1234.56'],
      ['countryCode', '+90', '+44'],
      ['notes', 'Old note', 'New note'],
      ['phone', '905321234567', '447700900123'],
    ]);
  });

  it('records a conversion, and each field it filled in', async () => {
    const contact = await createContact(t, user, leadPayload({ nationality: 'Turkish' }));
    const res = await call(t, 'PUT', `/api/contacts/${contact.id}/convert`, editor, {
      residency: 'North Cyprus',
      gender: 'FEMALE',
    });
    expect(res.statusCode).toBe(200);
    const history = await historyOf(contact.id);
    const conversion = history.filter((e) => e.kind === 'conversion');
    expect(conversion).toEqual([
      expect.objectContaining({
        field: 'type',
        oldValue: 'LEAD',
        newValue: 'CUSTOMER',
        user: { name: 'Eda Editor' },
      }),
    ]);
    const filled = history.filter((e) => e.kind === 'edited');
    expect(changes(filled)).toEqual([
      ['gender', null, 'FEMALE'],
      ['residency', null, 'North Cyprus'],
    ]);
    expect(history.at(-1)?.kind).toBe('created');
  });

  it('records reassignment and deactivation by the admin', async () => {
    const contact = await createContact(t, user, leadPayload());
    await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin, { assignedToId: editor.id });
    await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin);
    const history = await historyOf(contact.id, admin);
    const edits = history.filter((e) => e.kind === 'edited');
    expect(changes(edits)).toEqual([
      ['assignedTo', 'Umut User', 'Eda Editor'],
      ['isActive', 'true', 'false'],
    ]);
    for (const entry of edits) expect(entry.user).toEqual({ name: 'Alice Admin' });
  });

  it('lists the newest entries first', async () => {
    const contact = await createContact(t, user, leadPayload());
    await update(contact.id, { city: 'A' });
    await update(contact.id, { city: 'B' });
    await update(contact.id, { city: 'C' });
    const history = await historyOf(contact.id);
    expect(history.map((e) => e.newValue)).toEqual(['C', 'B', 'A', 'LEAD']);
    const times = history.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('keeps each contact’s history to itself', async () => {
    const a = await createContact(t, user, leadPayload());
    const b = await createContact(t, user, leadPayload());
    await update(a.id, { city: 'Only A' });
    expect((await historyOf(b.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('answers 404 "Contact not found." for an unknown contact or, to a non-admin, a deactivated one', async () => {
    const missing = await call(t, 'GET', '/api/contacts/999999/history', user);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Contact not found.');
    const contact: ContactJson = await createContact(t, user, leadPayload());
    await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin);
    expect((await call(t, 'GET', `/api/contacts/${contact.id}/history`, user)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/contacts/${contact.id}/history`, admin)).statusCode).toBe(200);
  });

  it('is 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/contacts/1/history')).statusCode).toBe(401);
  });
});
