import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgencyDetailJson,
  api,
  createAgency,
  createAgencyContact,
  daysFromToday,
  formOf,
  historyOf,
} from './helpers/agencies.js';
import { type MultipartFile, multipartBody } from './helpers/multipart.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface NoteJson {
  id: number;
  content: string;
  isActive: boolean;
  createdAt: string;
  user: { id: number; name: string };
}

interface FileJson {
  id: number;
  name: string;
  filename: string;
  url: string;
  mimeType: string;
  size: number;
  validUntil: string;
  isActive: boolean;
  createdAt: string;
  uploadedBy: { name: string };
  deletedBy: { name: string } | null;
}

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let agency: AgencyDetailJson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  agency = await createAgency(t, user, { name: 'Records Agency' });
});
afterAll(async () => t.close());

// ---------------------------------------------------------------- notes

const addNote = (agencyId: number, payload: unknown, who: SignedIn | null = user) =>
  api(t, 'POST', `/api/agencies/${agencyId}/add-note`, who, payload);
async function noted(agencyId: number, content: string, who: SignedIn = user): Promise<NoteJson> {
  const res = await addNote(agencyId, { content }, who);
  if (res.statusCode !== 201) throw new Error(`add note failed: ${res.statusCode} ${res.body}`);
  return res.json<NoteJson>();
}
async function notesOf(agencyId: number, who: SignedIn = user): Promise<NoteJson[]> {
  const res = await api(t, 'GET', `/api/agencies/${agencyId}/notes`, who);
  expect(res.statusCode).toBe(200);
  return res.json<NoteJson[]>();
}
const setNote = (agencyId: number, noteId: number, action: 'delete' | 'reactivate', who: SignedIn = user) =>
  api(t, 'PATCH', `/api/agencies/${agencyId}/${action}-notes/${noteId}`, who);

describe('agency notes', () => {
  it('adds a note, answers it with its author and lists notes newest first', async () => {
    const a = await createAgency(t, user);
    expect(await notesOf(a.id)).toEqual([]);
    const res = await addNote(a.id, { content: '<p>First <strong>call</strong></p>' });
    expect(res.statusCode).toBe(201);
    const first = res.json<NoteJson>();
    expect(first).toEqual({
      id: expect.any(Number),
      content: '<p>First <strong>call</strong></p>',
      isActive: true,
      createdAt: expect.any(String),
      user: { id: user.id, name: 'Umut User' },
    });
    const second = await noted(a.id, '<p>Second</p>', admin);
    expect((await notesOf(a.id)).map((n) => n.id)).toEqual([second.id, first.id]);
  });

  it('records each added note in the agency history as an entry with no field', async () => {
    const a = await createAgency(t, user);
    await noted(a.id, '<p>Met the <em>owner</em> today</p>');
    expect(await historyOf(t, user, a.id)).toEqual([
      {
        id: expect.any(Number),
        kind: 'note',
        field: null,
        oldValue: null,
        newValue: 'Met the owner today',
        timestamp: expect.any(String),
        user: { name: 'Umut User' },
        contact: null,
      },
    ]);
  });

  it('keeps only safe formatting', async () => {
    const note = await noted(
      agency.id,
      '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=y></p>',
    );
    expect(note.content).not.toMatch(/script|onclick|onerror|javascript|<img/i);
    expect(note.content).toContain('Hi');
  });

  it.each([
    [{ content: '' }, 'Note cannot be empty'],
    [{ content: '<p>  </p><p><br></p>' }, 'Note cannot be empty'],
    [{ content: '<script>only a script</script>' }, 'Note cannot be empty'],
    [{}, 'Note cannot be empty'],
    [{ content: `<p>${'x'.repeat(1001)}</p>` }, 'Note can be at most 1,000 characters'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await addNote(agency.id, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('takes a note of exactly 1,000 characters', async () => {
    expect((await addNote(agency.id, { content: `<p>${'y'.repeat(1000)}</p>` })).statusCode).toBe(201);
  });

  it('lets anyone delete a note, hides it from non-admins and shows it dimmed to admins', async () => {
    const a = await createAgency(t, user);
    const note = await noted(a.id, '<p>To delete</p>');
    const res = await setNote(a.id, note.id, 'delete', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, isActive: false });
    expect(await notesOf(a.id, user)).toEqual([]);
    expect((await notesOf(a.id, admin)).map((n) => [n.id, n.isActive])).toEqual([[note.id, false]]);
    // A non-admin cannot reach it any more.
    const again = await setNote(a.id, note.id, 'delete', user);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe('Note not found');
  });

  it('lets only an admin reactivate a note', async () => {
    const a = await createAgency(t, user);
    const note = await noted(a.id, '<p>Back again</p>');
    await setNote(a.id, note.id, 'delete', user);
    const refused = await setNote(a.id, note.id, 'reactivate', user);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe('Only an administrator can reactivate notes');
    expect(await notesOf(a.id, user)).toEqual([]);
    const res = await setNote(a.id, note.id, 'reactivate', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, isActive: true });
    expect((await notesOf(a.id, user)).map((n) => n.id)).toEqual([note.id]);
  });

  it('answers 404 for a note of another agency, an unknown note and an unknown agency', async () => {
    const a = await createAgency(t, user);
    const b = await createAgency(t, user);
    const note = await noted(b.id, '<p>Belongs to b</p>');
    const foreign = await setNote(a.id, note.id, 'delete', admin);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Note not found');
    expect((await setNote(a.id, 999_999, 'delete')).statusCode).toBe(404);
    expect((await notesOf(b.id)).map((n) => n.isActive)).toEqual([true]);
    for (const res of [
      await api(t, 'GET', '/api/agencies/999999/notes', user),
      await addNote(999_999, { content: '<p>x</p>' }),
      await setNote(999_999, note.id, 'delete'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Agency not found');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await api(t, 'GET', `/api/agencies/${agency.id}/notes`, null)).statusCode).toBe(401);
    expect((await addNote(agency.id, { content: '<p>x</p>' }, null)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------- files

const MB5 = 5 * 1024 * 1024;
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);
const pdf = (content: string | Buffer = '%PDF-1.4 test', filename = 'contract.pdf'): MultipartFile => ({
  filename,
  contentType: 'application/pdf',
  content,
});

function upload(
  agencyId: number,
  fields: Record<string, string>,
  file?: MultipartFile,
  who: SignedIn | null = user,
) {
  const body = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/agencies/${agencyId}/upload-file`,
    headers: { ...(who ? who.headers : {}), ...body.headers },
    payload: body.payload,
  });
}
async function uploaded(agencyId: number, file: MultipartFile = pdf(), fields: Record<string, string> = {}) {
  const res = await upload(agencyId, { validUntil: daysFromToday(30), ...fields }, file);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<FileJson>();
}
async function filesOf(agencyId: number, who: SignedIn = user): Promise<FileJson[]> {
  const res = await api(t, 'GET', `/api/agencies/${agencyId}/files`, who);
  expect(res.statusCode).toBe(200);
  return res.json<FileJson[]>();
}
const setFile = (fileId: number, action: 'activate' | 'deactivate', who: SignedIn = user) =>
  api(t, 'PATCH', `/api/agencies/${action}/files/${fileId}`, who);
const detailFiles = async (agencyId: number, who: SignedIn) =>
  (await api(t, 'GET', `/api/agencies/${agencyId}`, who)).json<AgencyDetailJson>().files.map((f) => f.id);

describe('agency files', () => {
  it('uploads a file with a custom name and a valid-until date and opens it from uploads/{filename}', async () => {
    const a = await createAgency(t, user);
    const validUntil = daysFromToday(10);
    const res = await upload(
      a.id,
      { validUntil, customFileName: '  Signed contract  ' },
      pdf('%PDF-1.4 hello'),
    );
    expect(res.statusCode).toBe(201);
    const file = res.json<FileJson>();
    expect(file).toEqual({
      id: expect.any(Number),
      name: 'Signed contract',
      filename: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.pdf\?access=/),
      mimeType: 'application/pdf',
      size: 14,
      validUntil,
      isActive: true,
      createdAt: expect.any(String),
      uploadedBy: { name: 'Umut User' },
      deletedBy: null,
    });
    expect(file.url.startsWith(`/uploads/${file.filename}?`)).toBe(true);
    const opened = await t.app.inject({ method: 'GET', url: file.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('%PDF-1.4 hello');
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await filesOf(a.id)).map((f) => f.id)).toEqual([file.id]);
    expect(await detailFiles(a.id, user)).toEqual([file.id]);
  });

  it('names a file after its original name when no custom name is given, and accepts today', async () => {
    const file = await uploaded(agency.id, pdf('x', 'licence.pdf'), { validUntil: daysFromToday(0) });
    expect(file.name).toBe('licence.pdf');
    expect(file.validUntil).toBe(daysFromToday(0));
  });

  it.each([
    [{}, 'validUntil', 'Valid until date is required'],
    [{ validUntil: '' }, 'validUntil', 'Valid until date is required'],
    [{ validUntil: '31/12/2099' }, 'validUntil', 'Valid until must be a date (YYYY-MM-DD)'],
    [{ validUntil: '2099-02-30' }, 'validUntil', 'Valid until must be a date (YYYY-MM-DD)'],
    [{ validUntil: '2000-01-01' }, 'validUntil', 'Valid until date cannot be before today'],
  ])('refuses %j with "%s: %s" and keeps nothing on disk', async (fields, field, message) => {
    const before = storedFiles();
    const res = await upload(agency.id, fields as Record<string, string>, pdf());
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
    expect(fieldsOf(res)).toEqual({ [field]: message });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses yesterday as valid-until date', async () => {
    const res = await upload(agency.id, { validUntil: daysFromToday(-1) }, pdf());
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Valid until date cannot be before today');
  });

  it('refuses an upload without a file, or with an empty one', async () => {
    for (const file of [undefined, pdf('')]) {
      const res = await upload(agency.id, { validUntil: daysFromToday(5) }, file);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('Choose a file to upload');
    }
  });

  it('takes a file of exactly 5 MB and refuses one byte more with 413, keeping nothing', async () => {
    const exact = await upload(agency.id, { validUntil: daysFromToday(5) }, pdf(Buffer.alloc(MB5, 1)));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().size).toBe(MB5);
    const before = storedFiles();
    const res = await upload(agency.id, { validUntil: daysFromToday(5) }, pdf(Buffer.alloc(MB5 + 1, 1)));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBe('File size exceeds 5MB limit');
    expect(storedFiles()).toEqual(before);
  });

  it('lets anyone delete a file: hidden from non-admins, shown to admins with who deleted it', async () => {
    const a = await createAgency(t, user);
    const file = await uploaded(a.id);
    const res = await setFile(file.id, 'deactivate', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: file.id, isActive: false, deletedBy: { name: 'Umut User' } });
    expect(await filesOf(a.id, user)).toEqual([]);
    expect(await detailFiles(a.id, user)).toEqual([]);
    expect((await filesOf(a.id, admin)).map((f) => [f.id, f.isActive, f.deletedBy?.name])).toEqual([
      [file.id, false, 'Umut User'],
    ]);
    expect(await detailFiles(a.id, admin)).toEqual([file.id]);
    const again = await setFile(file.id, 'deactivate', user);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe('File not found');
  });

  it('lets only an admin reactivate a file', async () => {
    const a = await createAgency(t, user);
    const file = await uploaded(a.id);
    await setFile(file.id, 'deactivate', user);
    const refused = await setFile(file.id, 'activate', user);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe('Only an administrator can reactivate files');
    const res = await setFile(file.id, 'activate', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: file.id, isActive: true, deletedBy: null });
    expect((await filesOf(a.id, user)).map((f) => f.id)).toEqual([file.id]);
  });

  it('does not touch a contact’s file through the agency routes', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const body = multipartBody({ validUntil: daysFromToday(5) }, pdf());
    const contactUpload = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/${contact.id}/upload-file`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(contactUpload.statusCode).toBe(201);
    const contactFile = contactUpload.json<FileJson>();
    const res = await setFile(contactFile.id, 'deactivate', admin);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('File not found');
    expect((await setFile(999_999, 'deactivate', admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown agency and 401 without a session', async () => {
    const missing = await upload(999_999, { validUntil: daysFromToday(5) }, pdf());
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    expect((await api(t, 'GET', '/api/agencies/999999/files', user)).statusCode).toBe(404);
    expect((await upload(agency.id, { validUntil: daysFromToday(5) }, pdf(), null)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------- history

describe('agency history', () => {
  it('lists every kind of entry newest first, in the shapes the Activities tab reads', async () => {
    const a = await createAgency(t, user, { name: 'History Co', city: 'Kyrenia' });
    const contact = await createAgencyContact(t, user, a.id, { name: 'Sevgi', surname: 'Staff' });

    expect(
      (await api(t, 'PUT', `/api/agencies/${a.id}`, user, formOf(a, { city: 'Lapta' }))).statusCode,
    ).toBe(200);
    await noted(a.id, '<p>Called them</p>', admin);
    const staff = await api(t, 'POST', `/api/agencies/${a.id}/staff`, admin, { contactId: contact.id });
    expect(staff.statusCode).toBe(201);
    await api(t, 'PATCH', `/api/agencies/${a.id}/staff/${staff.json().id}/toggle`, admin);
    await api(t, 'PUT', `/api/agencies/${a.id}/status/deactivate`, admin);

    const entries = await historyOf(t, user, a.id);
    expect(entries.map(({ id: _id, timestamp: _ts, ...rest }) => rest)).toEqual([
      {
        kind: 'edited',
        field: 'isActive',
        oldValue: 'true',
        newValue: 'false',
        user: { name: 'Alice Admin' },
        contact: null,
      },
      {
        kind: 'staff',
        field: 'staff',
        oldValue: 'ACTIVE',
        newValue: 'INACTIVE',
        user: { name: 'Alice Admin' },
        contact: { name: 'Sevgi Staff' },
      },
      {
        kind: 'staff',
        field: 'staff',
        oldValue: null,
        newValue: 'ADDED: SALES_REPRESENTATIVE',
        user: { name: 'Alice Admin' },
        contact: { name: 'Sevgi Staff' },
      },
      {
        kind: 'note',
        field: null,
        oldValue: null,
        newValue: 'Called them',
        user: { name: 'Alice Admin' },
        contact: null,
      },
      {
        kind: 'edited',
        field: 'city',
        oldValue: 'Kyrenia',
        newValue: 'Lapta',
        user: { name: 'Umut User' },
        contact: null,
      },
    ]);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
    // Admins read the same history.
    expect(await historyOf(t, admin, a.id)).toEqual(entries);
  });

  it('records every form field under its API name', async () => {
    const parent = await createAgency(t, user, { name: 'New Parent' });
    const a = await createAgency(t, user, {
      name: 'Fields Co',
      officeNumber: '905335550000',
      email: 'fields@example.com',
      commissionRate: 1.5,
      country: 'Cyprus',
      city: 'Kyrenia',
      type: 'COMPANY',
    });
    const res = await api(
      t,
      'PUT',
      `/api/agencies/${a.id}`,
      user,
      formOf(a, {
        name: 'Fields Ltd',
        officeNumber: '905335550001',
        email: 'ltd@example.com',
        commissionRate: 2.25,
        country: 'Turkey',
        city: 'Mersin',
        type: 'INDIVIDUAL',
        parentAgencyId: parent.id,
        assignedSalesRepIds: [admin.id],
      }),
    );
    expect(res.statusCode).toBe(200);
    const byField = Object.fromEntries(
      (await historyOf(t, user, a.id)).map((e) => [e.field, [e.oldValue, e.newValue]]),
    );
    expect(byField).toEqual({
      name: ['Fields Co', 'Fields Ltd'],
      officeNumber: ['905335550000', '905335550001'],
      email: ['fields@example.com', 'ltd@example.com'],
      commissionRate: ['1.5', '2.25'],
      country: ['Cyprus', 'Turkey'],
      city: ['Kyrenia', 'Mersin'],
      type: ['COMPANY', 'INDIVIDUAL'],
      parentAgency: [null, 'New Parent'],
      assignedSalesReps: ['Umut User', 'Alice Admin'],
    });
  });

  it('answers 404 for an unknown agency and 401 without a session', async () => {
    const missing = await api(t, 'GET', '/api/agencies/999999/history', user);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    expect((await api(t, 'GET', `/api/agencies/${agency.id}/history`, null)).statusCode).toBe(401);
  });
});

describe('opening a deleted agency file', () => {
  it('is refused to a non-admin’s link and allowed to an admin’s', async () => {
    const a = await createAgency(t, user);
    const file = await uploaded(a.id, pdf('%PDF secret'));
    const userLink = file.url;
    expect((await t.app.inject({ method: 'GET', url: userLink })).statusCode).toBe(200);
    await setFile(file.id, 'deactivate', user);
    const refused = await t.app.inject({ method: 'GET', url: userLink });
    expect(refused.statusCode).toBe(404);
    const adminLink = (await filesOf(a.id, admin)).find((f) => f.id === file.id)?.url;
    const opened = await t.app.inject({ method: 'GET', url: adminLink! });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('%PDF secret');
  });

  it('refuses a link without a valid access token', async () => {
    const file = await uploaded(agency.id);
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${file.filename}` });
    expect(res.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: `/uploads/${file.filename}?access=forged` });
    expect(forged.statusCode).toBe(401);
  });
});
