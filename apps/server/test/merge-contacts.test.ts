import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, createAgencyContact } from './helpers/agencies.js';
import {
  type ContactJson,
  call,
  createContact,
  dayFromToday,
  type HistoryJson,
  leadPayload,
  uniqueTag,
} from './helpers/contacts.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface MergeJson {
  dryRun: boolean;
  mergeId: number | null;
  survivor: ContactJson;
  merged: { id: number };
  fields: { field: string; survivorValue: string | null; otherValue: string | null; chosen: string }[];
  moved: Record<string, number | boolean>;
}

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
  user = await signIn(t, { role: 'user' });
});
afterAll(() => t.close());

const merge = (body: Record<string, unknown>, who: SignedIn = admin) =>
  call(t, 'POST', '/api/contacts/merge', who, body);

async function merged(body: Record<string, unknown>): Promise<MergeJson> {
  const res = await merge(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MergeJson>();
}

async function pair() {
  const tag = uniqueTag('mg');
  const survivor = await createContact(
    t,
    user,
    leadPayload({ name: 'Ayşe', surname: tag, email: `${tag}@old.example`, phone: '+90 532 000 11 22' }),
  );
  const other = await createContact(
    t,
    user,
    leadPayload({ name: 'Ayse', surname: tag, email: `${tag}@new.example`, city: 'Kyrenia' }),
  );
  return { survivor, other, tag };
}

const historyOf = async (id: number) =>
  (await call(t, 'GET', `/api/contacts/${id}/history`, admin)).json<HistoryJson[]>();

async function upload(contactId: number) {
  const body = multipartBody({ validUntil: dayFromToday(30) }, { filename: 'id.txt', content: 'passport' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/upload-file`,
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('POST /api/contacts/merge', () => {
  it('moves notes, files, history and staff positions, and deactivates the other pointing at the survivor', async () => {
    const { survivor, other } = await pair();
    expect(
      (await call(t, 'POST', `/api/contacts/${other.id}/add-note`, user, { content: '<p>Called</p>' }))
        .statusCode,
    ).toBe(201);
    await upload(other.id);
    const agency = await createAgency(t, admin);
    const staffContact = await createAgencyContact(t, admin, agency.id, { name: 'Staffer' });
    const staffRes = await call(t, 'POST', `/api/agencies/${agency.id}/staff`, admin, {
      contactId: staffContact.id,
      position: 'BROKER',
    });
    expect(staffRes.statusCode, staffRes.body).toBe(201);

    const result = await merged({ survivorId: survivor.id, otherId: other.id });
    expect(result.dryRun).toBe(false);
    expect(result.moved).toMatchObject({ notes: 1, files: 1, staffPositions: 0 });
    expect(result.moved.history).toBeGreaterThanOrEqual(1);
    // The other was edited later, so its differing values are preselected; the empty city is filled.
    expect(result.survivor).toMatchObject({
      id: survivor.id,
      name: 'Ayse',
      email: other.email,
      city: 'Kyrenia',
    });

    const notes = (await call(t, 'GET', `/api/contacts/${survivor.id}/notes`, admin)).json<unknown[]>();
    expect(notes).toHaveLength(1);
    const detail = await call(t, 'GET', `/api/contacts/${survivor.id}`, admin);
    expect(detail.json<{ files: unknown[] }>().files).toHaveLength(1);

    // A link to the other lands on the survivor; the lists no longer show it.
    const link = await call(t, 'GET', `/api/contacts/${other.id}`, user);
    expect(link.statusCode).toBe(308);
    expect(link.headers.location).toBe(`/api/contacts/${survivor.id}`);

    const survivorHistory = await historyOf(survivor.id);
    expect(survivorHistory.filter((h) => h.field === 'mergedWith')).toHaveLength(1);
    expect(survivorHistory.some((h) => h.kind === 'created' && h.oldValue === null)).toBe(true);

    // Staff positions of the merged contact move too.
    const staffPair = await createAgencyContact(t, admin, agency.id, { name: 'Second' });
    const staffMerge = await merged({ survivorId: staffPair.id, otherId: staffContact.id });
    expect(staffMerge.moved.staffPositions).toBe(1);
    const staff = (await call(t, 'GET', `/api/agencies/${agency.id}/staff`, admin)).json<
      { contact: { id: number } }[]
    >();
    expect(staff.map((s) => s.contact.id)).toEqual([staffPair.id]);
  });

  it('keeps the chosen side of each differing field and lists both values', async () => {
    const { survivor, other } = await pair();
    const result = await merged({
      survivorId: survivor.id,
      otherId: other.id,
      choices: { name: 'survivor', email: 'survivor', phone: 'other' },
    });
    const byField = Object.fromEntries(result.fields.map((f) => [f.field, f]));
    expect(byField.name).toMatchObject({ survivorValue: 'Ayşe', otherValue: 'Ayse', chosen: 'survivor' });
    expect(byField.city).toMatchObject({ survivorValue: null, otherValue: 'Kyrenia', chosen: 'other' });
    expect(result.survivor).toMatchObject({
      name: 'Ayşe',
      email: survivor.email,
      phone: other.phone,
      city: 'Kyrenia',
    });
  });

  it('moves a partner customer: the agency of the other comes with it', async () => {
    const agency = await createAgency(t, admin);
    const tag = uniqueTag('pc');
    const survivor = await createContact(t, user, leadPayload({ surname: tag }));
    const other = await createAgencyContact(t, admin, agency.id, { surname: tag });
    const result = await merged({ survivorId: survivor.id, otherId: other.id });
    expect(result.moved.partnerCustomer).toBe(true);
    expect(result.survivor.agency).toEqual({ id: agency.id, name: agency.name });
    const customers = await call(t, 'GET', `/api/contacts?agencyId=${agency.id}`, admin);
    expect(customers.json<{ id: number }[]>().map((c) => c.id)).toEqual([survivor.id]);
  });

  it('writes nothing on a dry run, and answers what the merge would do', async () => {
    const { survivor, other } = await pair();
    await call(t, 'POST', `/api/contacts/${other.id}/add-note`, user, { content: '<p>Keep</p>' });
    const preview = await merged({ survivorId: survivor.id, otherId: other.id, dryRun: true });
    expect(preview).toMatchObject({ dryRun: true, mergeId: null, moved: { notes: 1 } });
    expect(preview.survivor.email).toBe(other.email);
    const still = await call(t, 'GET', `/api/contacts/${survivor.id}`, admin);
    expect(still.json<ContactJson>().email).toBe(survivor.email);
    expect((await call(t, 'GET', `/api/contacts/${other.id}`, admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/contacts/${other.id}/notes`, admin)).json<unknown[]>()).toHaveLength(
      1,
    );
    expect((await historyOf(survivor.id)).some((h) => h.field === 'mergedWith')).toBe(false);
  });

  it('is refused to non-admins, for one record twice, and for a merged record', async () => {
    const { survivor, other } = await pair();
    const asUser = await merge({ survivorId: survivor.id, otherId: other.id }, user);
    expect(asUser.statusCode).toBe(403);
    const same = await merge({ survivorId: survivor.id, otherId: survivor.id });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same)).toBe('Choose two different records to merge');
    await merged({ survivorId: survivor.id, otherId: other.id });
    const again = await merge({ survivorId: survivor.id, otherId: other.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Only active records can be merged');
    const missing = await merge({ survivorId: survivor.id, otherId: 999999 });
    expect(missing.statusCode).toBe(404);
  });

  it('lands a search for the merged record on the survivor', async () => {
    const { survivor, other, tag } = await pair();
    await merged({ survivorId: survivor.id, otherId: other.id, choices: { email: 'survivor' } });
    const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(`${tag}@new`)}`, user);
    const contacts = res
      .json<{ groups: { kind: string; items: { id: number; mergedFrom: number | null }[] }[] }>()
      .groups.find((g) => g.kind === 'contact')?.items;
    expect(contacts).toEqual([expect.objectContaining({ id: survivor.id, mergedFrom: other.id })]);
  });
});

describe('POST /api/contacts/merge/:id/undo', () => {
  it('restores both records as they were, with what moved', async () => {
    const { survivor, other } = await pair();
    await call(t, 'POST', `/api/contacts/${other.id}/add-note`, user, { content: '<p>Mine</p>' });
    const result = await merged({ survivorId: survivor.id, otherId: other.id });
    const undo = await call(t, 'POST', `/api/contacts/merge/${result.mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    const after = await call(t, 'GET', `/api/contacts/${survivor.id}`, admin);
    expect(after.json<ContactJson>()).toMatchObject({ name: 'Ayşe', email: survivor.email, city: null });
    const back = await call(t, 'GET', `/api/contacts/${other.id}`, user);
    expect(back.statusCode).toBe(200);
    expect(back.json<ContactJson>()).toMatchObject({ isActive: true, email: other.email });
    expect((await call(t, 'GET', `/api/contacts/${other.id}/notes`, admin)).json<unknown[]>()).toHaveLength(
      1,
    );
    expect(
      (await call(t, 'GET', `/api/contacts/${survivor.id}/notes`, admin)).json<unknown[]>(),
    ).toHaveLength(0);
    const twice = await call(t, 'POST', `/api/contacts/merge/${result.mergeId}/undo`, admin);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('This merge was already undone');
  });

  it('is refused after a later edit of a merged field, naming it', async () => {
    const { survivor, other } = await pair();
    const result = await merged({ survivorId: survivor.id, otherId: other.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edit = await call(t, 'PUT', `/api/contacts/${survivor.id}`, user, {
      ...leadPayload({
        name: result.survivor.name,
        surname: result.survivor.surname,
        phone: result.survivor.phone,
      }),
      email: `changed.${result.survivor.email}`,
      city: 'Kyrenia',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const undo = await call(t, 'POST', `/api/contacts/merge/${result.mergeId}/undo`, admin);
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo)).toBe('The survivor was edited since the merge: Email');
    expect(fieldsOf(undo)).toEqual({ email: 'Edited since the merge' });
  });

  it('is refused to non-admins', async () => {
    const { survivor, other } = await pair();
    const result = await merged({ survivorId: survivor.id, otherId: other.id });
    expect((await call(t, 'POST', `/api/contacts/merge/${result.mergeId}/undo`, user)).statusCode).toBe(403);
    const list = await call(t, 'GET', `/api/contacts/${survivor.id}/merges`, admin);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: result.mergeId, survivorId: survivor.id, undoneAt: null }),
    ]);
  });
});
