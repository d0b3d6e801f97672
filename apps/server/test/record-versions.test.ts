import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, formOf, historyOf } from './helpers/agencies.js';
import { type ContactJson, call, createContact, type HistoryJson, leadPayload } from './helpers/contacts.js';
import { categoryTree, createCategory, createProduct, productPayload } from './helpers/products.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let bora: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayse', surname: 'Yilmaz' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Kaya' });
});
afterAll(async () => t.close());

const STALE =
  /^This contact was changed by Ayse Yilmaz at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC since you opened it\.$/;

const put = (
  id: number,
  who: SignedIn,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/contacts/${id}`,
    headers: { ...who.headers, ...headers },
    payload,
  });

const budgetHistory = async (id: number) => {
  const res = await call(t, 'GET', `/api/contacts/${id}/history`, admin);
  return res
    .json<HistoryJson[]>()
    .filter((entry) => entry.field === 'budget')
    .sort((a, b) => a.id - b.id);
};

describe('contact versions', () => {
  it('answers the version in the detail body and as ETag, and adds one per write', async () => {
    const contact = await createContact(t, ayse, leadPayload());
    const detail = await call(t, 'GET', `/api/contacts/${contact.id}`, ayse);
    expect(detail.json().version).toBe(1);
    expect(detail.headers.etag).toBe('"1"');
    const res = await put(contact.id, ayse, leadPayload({ city: 'Nicosia' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    expect(res.headers.etag).toBe('"2"');
  });

  it('keeps both edits when two people change different fields of the same version', async () => {
    const contact = await createContact(t, ayse, leadPayload({ city: 'Nicosia', budget: 100 }));
    const first = await put(contact.id, ayse, { version: 1, budget: 250 });
    const second = await put(contact.id, bora, { version: 1, city: 'Kyrenia' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const after = (await call(t, 'GET', `/api/contacts/${contact.id}`, ayse)).json<ContactJson>();
    expect(after).toMatchObject({
      budget: 250,
      city: 'Kyrenia',
      name: 'Ali',
      source: 'Facebook',
      version: 3,
    });
  });

  it('refuses the second edit of the same field with 409, the editor, the time and the current record', async () => {
    const contact = await createContact(t, ayse, leadPayload({ budget: 100 }));
    const first = await put(contact.id, ayse, { version: 1, budget: 250 });
    const second = await put(contact.id, bora, { version: 1, budget: 300 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatch(STALE);
    expect(second.json().current).toMatchObject({ id: contact.id, budget: 250, version: 2 });
    const after = (await call(t, 'GET', `/api/contacts/${contact.id}`, ayse)).json<ContactJson>();
    expect(after.budget).toBe(250);
  });

  it('refuses a whole-form write whose If-Match is stale when it would undo a change', async () => {
    const contact = await createContact(t, ayse, leadPayload({ budget: 100 }));
    expect(
      (await put(contact.id, ayse, leadPayload({ budget: 250 }), { 'if-match': '"1"' })).statusCode,
    ).toBe(200);
    const stale = await put(contact.id, bora, leadPayload({ budget: 100, city: 'Famagusta' }), {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(STALE);
    expect(Object.keys(stale.json()).sort()).toEqual(['current', 'error']);
  });

  it('answers 400 for a malformed If-Match or version', async () => {
    const contact = await createContact(t, ayse, leadPayload());
    const header = await put(contact.id, ayse, leadPayload(), { 'if-match': 'abc' });
    expect(header.statusCode).toBe(400);
    expect(errorOf(header)).toBe('If-Match must be a version this server gave (an ETag)');
    const body = await put(contact.id, ayse, { version: 'x', city: 'A' });
    expect(body.statusCode).toBe(400);
    expect(errorOf(body)).toBe('Version must be a positive whole number');
  });

  it('validates only the sent fields of a versioned edit, and every field of a plain one', async () => {
    const contact = await createContact(t, ayse, leadPayload());
    const versioned = await put(contact.id, ayse, { version: 1, name: '' });
    expect(versioned.statusCode).toBe(400);
    expect(errorOf(versioned)).toBe('First name is required');
    const plain = await put(contact.id, ayse, { city: 'Lefke' });
    expect(plain.statusCode).toBe(400);
    expect(errorOf(plain)).toBe('First name is required');
  });

  it('keeps the record and the history chain consistent under 20 concurrent writers', async () => {
    const contact = await createContact(t, ayse, leadPayload({ budget: 1 }));
    const writers = [ayse, bora];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(contact.id, writers[i % 2]!, leadPayload({ budget: 1000 + i })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const entries = await budgetHistory(contact.id);
    expect(entries).toHaveLength(20);
    expect(entries[0]!.oldValue).toBe('1');
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.oldValue).toBe(entries[i - 1]!.newValue);
    const after = (await call(t, 'GET', `/api/contacts/${contact.id}`, ayse)).json<ContactJson>();
    expect(String(after.budget)).toBe(entries.at(-1)!.newValue);
    expect(after.version).toBe(21);
  });

  it('lets exactly one of 20 concurrent writers of one version change the same field', async () => {
    const contact = await createContact(t, ayse, leadPayload({ budget: 1 }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(contact.id, i % 2 ? bora : ayse, { version: 1, budget: 500 + i }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const entries = await budgetHistory(contact.id);
    expect(entries).toHaveLength(1);
  });
});

describe('user versions', () => {
  const userForm = {
    firstName: 'Cem',
    surname: 'Demir',
    phone: '905321112233',
    role: 'user',
    isActive: true,
  };
  const update = (id: number, payload: Record<string, unknown>) =>
    call(t, 'PUT', `/api/users/update-user/${id}`, admin, payload);

  it('keeps both edits of different fields and refuses a stale edit of the same field', async () => {
    const created = await call(t, 'POST', '/api/users', admin, {
      ...userForm,
      email: 'cem.versions@example.com',
      password: 'secret123',
    });
    const { id } = created.json<{ id: number }>();
    const detail = await call(t, 'GET', `/api/users/${id}`, admin);
    expect(detail.headers.etag).toBe('"1"');
    expect((await update(id, { version: 1, phone: '905329998877' })).statusCode).toBe(200);
    const other = await update(id, { version: 1, surname: 'Demirci' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({
      phone: '905329998877',
      surname: 'Demirci',
      name: 'Cem Demirci',
      version: 3,
    });
    const stale = await update(id, { version: 1, phone: '905320000000' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(
      /^This user was changed by Alice Admin at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC since you opened it\.$/,
    );
  });
});

describe('partner versions', () => {
  it('keeps both edits of different fields, refuses a stale edit of the same field, and keeps the history chain', async () => {
    const agency = await createAgency(t, ayse, { city: 'Nicosia' });
    const detail = await call(t, 'GET', `/api/agencies/${agency.id}`, ayse);
    expect(detail.headers.etag).toBe('"1"');
    expect(
      (await call(t, 'PUT', `/api/agencies/${agency.id}`, ayse, { version: 1, city: 'Kyrenia' })).statusCode,
    ).toBe(200);
    const other = await call(t, 'PUT', `/api/agencies/${agency.id}`, bora, { version: 1, country: 'Turkey' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ city: 'Kyrenia', country: 'Turkey', name: agency.name, version: 3 });
    const stale = await call(t, 'PUT', `/api/agencies/${agency.id}`, bora, { version: 1, city: 'Lefke' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(
      /^This partner was changed by Bora Kaya at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC since you opened it\.$/,
    );
    expect(stale.json().current).toMatchObject({ id: agency.id, city: 'Kyrenia', version: 3 });
  });

  it('keeps the history chain under 20 concurrent plain writers', async () => {
    const agency = await createAgency(t, ayse, { city: 'City 0' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          t,
          'PUT',
          `/api/agencies/${agency.id}`,
          i % 2 ? ayse : bora,
          formOf(agency, { city: `City ${i + 1}` }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const entries = (await historyOf(t, admin, agency.id))
      .filter((e) => e.field === 'city')
      .sort((a, b) => a.id - b.id);
    expect(entries[0]!.oldValue).toBe('City 0');
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.oldValue).toBe(entries[i - 1]!.newValue);
    const after = (await call(t, 'GET', `/api/agencies/${agency.id}`, ayse)).json<{ city: string }>();
    expect(after.city).toBe(entries.at(-1)!.newValue);
  });
});

describe('product and category versions', () => {
  it('refuses a stale product form that changes a field changed since, and a plain user deactivating', async () => {
    const product = await createProduct(t, ayse);
    const url = `/api/products/${product.id}`;
    expect((await call(t, 'GET', url, ayse)).headers.etag).toBe('"1"');
    const first = await call(t, 'PUT', url, ayse, productPayload({ title: 'First', version: 1 }));
    expect(first.statusCode).toBe(200);
    const stale = await call(t, 'PUT', url, bora, productPayload({ title: 'Second', version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/^This product was changed by Ayse Yilmaz at .+ since you opened it\.$/);
    const deactivate = await call(t, 'PUT', url, bora, productPayload({ title: 'First', isActive: false }));
    expect(deactivate.statusCode).toBe(403);
    expect(errorOf(deactivate)).toBe('You do not have permission to do this');
    const byAdmin = await call(t, 'PUT', url, admin, productPayload({ title: 'First', isActive: false }));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ isActive: false, version: 3 });
  });

  it('answers a category version as ETag and refuses a stale rename', async () => {
    const groups = await categoryTree(t, admin);
    const category = await createCategory(t, admin, 'Versioned', groups[0]!.id);
    const url = `/api/product-categories/${category.id}`;
    expect((await call(t, 'GET', url, admin)).headers.etag).toBe('"1"');
    const renamed = await call(t, 'PATCH', url, admin, { name: 'Versioned 2', version: 1 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).toBe('"2"');
    const toggled = await call(t, 'PATCH', url, admin, { isActive: false, version: 1 });
    expect(toggled.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...admin.headers, 'if-match': '"1"' },
      payload: { name: 'Versioned 3' },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(/^This category was changed by Alice Admin at .+ since you opened it\.$/);
  });

  it("carries each category's version in the tree, so that the category screen's stale rename is a 409", async () => {
    const other = await signIn(t, { role: 'admin', firstName: 'Oya', surname: 'Other' });
    const group = await createCategory(t, admin, 'Screen group', null);
    const child = await createCategory(t, admin, 'Screen child', group.id);
    // Both admins' screens show the tree at the same moment.
    const shown = (await categoryTree(t, admin)).find((g) => g.id === group.id);
    expect(shown).toMatchObject({ version: 1, children: [{ id: child.id, version: 1 }] });
    const url = `/api/product-categories/${child.id}`;
    const first = await call(t, 'PATCH', url, admin, {
      name: 'Renamed first',
      parentId: group.id,
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect((await categoryTree(t, admin)).find((g) => g.id === group.id)?.children).toMatchObject([
      { id: child.id, name: 'Renamed first', version: 2 },
    ]);
    const second = await call(t, 'PATCH', url, other, {
      name: 'Renamed second',
      parentId: group.id,
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatch(/^This category was changed by Alice Admin at .+ since you opened it\.$/);
    expect(second.json()).toMatchObject({ current: { id: child.id, name: 'Renamed first', version: 2 } });
    // The group's own rename, from the version the tree showed, is not held up by its child's.
    const groupRename = await call(t, 'PATCH', `/api/product-categories/${group.id}`, other, {
      name: 'Screen group 2',
      parentId: null,
      version: shown?.version,
    });
    expect(groupRename.statusCode).toBe(200);
  });
});
