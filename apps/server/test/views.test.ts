import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/contacts.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface ViewJson {
  id: number;
  list: string;
  name: string;
  shared: boolean;
  state: {
    q: string;
    sort: { column: string; order: string } | null;
    filters: Record<string, { mode: string; value: string }>;
    columns: string[] | null;
  };
  owner: { id: number; name: string };
  mine: boolean;
}

let t: TestApp;
let ayse: SignedIn;
let burak: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ayse = await signIn(t, { role: 'user', firstName: 'Ayşe', surname: 'Yılmaz' });
  burak = await signIn(t, { role: 'user', firstName: 'Burak', surname: 'Demir' });
});
afterAll(() => t.close());

const instagramLeads = {
  q: 'kyrenia',
  sort: { column: 'createdAt', order: 'desc' },
  filters: { source: { mode: 'equals', value: 'Instagram' } },
  columns: ['name', 'phone', 'createdAt'],
};

async function save(who: SignedIn, body: Record<string, unknown>): Promise<ViewJson> {
  const res = await call(t, 'POST', '/api/views', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ViewJson>();
}

describe('saved views', () => {
  it('saves a private view with its search, filters, sort and columns, and reads it back', async () => {
    const view = await save(ayse, { list: 'leads', name: 'My leads from Instagram', state: instagramLeads });
    expect(view).toMatchObject({
      list: 'leads',
      name: 'My leads from Instagram',
      shared: false,
      state: instagramLeads,
      owner: { id: ayse.id, name: 'Ayşe Yılmaz' },
      mine: true,
    });
    const mine = await call(t, 'GET', '/api/views?list=leads', ayse);
    expect(mine.json<ViewJson[]>().map((v) => v.id)).toContain(view.id);
    const again = await call(t, 'GET', `/api/views/${view.id}`, ayse);
    expect(again.json<ViewJson>().state).toEqual(instagramLeads);
  });

  it("refuses another user's private view and leaves it out of their list", async () => {
    const view = await save(ayse, { list: 'customers', name: 'Private one', state: {} });
    const res = await call(t, 'GET', `/api/views/${view.id}`, burak);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe('This view is private');
    const list = await call(t, 'GET', '/api/views?list=customers', burak);
    expect(list.json<ViewJson[]>().map((v) => v.id)).not.toContain(view.id);
    const put = await call(t, 'PUT', `/api/views/${view.id}`, burak, { name: 'Mine now' });
    expect(put.statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/views/${view.id}`, burak)).statusCode).toBe(403);
  });

  it('shows a shared view to everyone, who may open but not change or delete it', async () => {
    const view = await save(ayse, {
      list: 'agencies',
      name: 'Kyrenia partners',
      shared: true,
      state: { q: 'kyrenia' },
    });
    const list = await call(t, 'GET', '/api/views?list=agencies', burak);
    const seen = list.json<ViewJson[]>().find((v) => v.id === view.id);
    expect(seen).toMatchObject({ shared: true, mine: false, owner: { name: 'Ayşe Yılmaz' } });
    expect((await call(t, 'GET', `/api/views/${view.id}`, burak)).statusCode).toBe(200);
    const put = await call(t, 'PUT', `/api/views/${view.id}`, burak, { shared: false });
    expect(put.statusCode).toBe(403);
    expect(errorOf(put)).toBe('Only the owner can change this view');
  });

  it('lets the owner rename, unshare and delete a view', async () => {
    const view = await save(ayse, { list: 'products', name: 'Flats', shared: true, state: {} });
    const put = await call(t, 'PUT', `/api/views/${view.id}`, ayse, { name: 'Sea flats', shared: false });
    expect(put.json<ViewJson>()).toMatchObject({ name: 'Sea flats', shared: false });
    expect((await call(t, 'GET', `/api/views/${view.id}`, burak)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/views/${view.id}`, ayse)).statusCode).toBe(204);
    const gone = await call(t, 'GET', `/api/views/${view.id}`, ayse);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe('View not found');
  });

  it('keeps views after logout', async () => {
    const view = await save(burak, { list: 'leads', name: 'Survives', state: {} });
    expect((await call(t, 'POST', '/api/auth/logout', burak)).statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: burak.email, password: burak.password },
    });
    const token = res.json<{ token: string }>().token;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/views?list=leads',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json<ViewJson[]>().map((v) => v.id)).toContain(view.id);
  });

  it('requires a name and a known list, and validates the state', async () => {
    const noName = await call(t, 'POST', '/api/views', ayse, { list: 'leads', name: '  ', state: {} });
    expect(noName.statusCode).toBe(400);
    expect(fieldsOf(noName).name).toBe('View name is required');
    expect(
      (await call(t, 'POST', '/api/views', ayse, { list: 'nope', name: 'x', state: {} })).statusCode,
    ).toBe(400);
    const badSort = await call(t, 'POST', '/api/views', ayse, {
      list: 'leads',
      name: 'x',
      state: { sort: { column: 'name', order: 'sideways' } },
    });
    expect(badSort.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/views?list=nope', ayse)).statusCode).toBe(400);
  });
});

describe('column choices', () => {
  // People of their own: the views' tests above log Burak out.
  let cem: SignedIn;
  let deniz: SignedIn;
  beforeAll(async () => {
    cem = await signIn(t, { role: 'user', firstName: 'Cem', surname: 'Kaya' });
    deniz = await signIn(t, { role: 'admin', firstName: 'Deniz', surname: 'Aksoy' });
  });

  const columnsOf = async (who: SignedIn) => {
    const res = await call(t, 'GET', '/api/views/columns', who);
    expect(res.statusCode).toBe(200);
    return res.json<{ list: string; columns: string[] | null; widths: Record<string, number> }[]>();
  };

  it("keeps a person's columns per list, in order, apart from everyone else's", async () => {
    const chosen = await call(t, 'PUT', '/api/views/columns/leads', cem, { columns: ['phone', 'name'] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ list: 'leads', columns: ['phone', 'name'] });
    await call(t, 'PUT', '/api/views/columns/agencies', cem, { columns: ['name'] });
    // A second choice replaces the first.
    await call(t, 'PUT', '/api/views/columns/leads', cem, { columns: ['name', 'email', 'phone'] });
    expect(await columnsOf(cem)).toEqual([
      { list: 'agencies', columns: ['name'], widths: {} },
      { list: 'leads', columns: ['name', 'email', 'phone'], widths: {} },
    ]);
    expect(await columnsOf(deniz)).toEqual([]);
  });

  it('goes back to every column on null, and survives logout', async () => {
    await call(t, 'PUT', '/api/views/columns/customers', deniz, { columns: ['email'] });
    const reset = await call(t, 'PUT', '/api/views/columns/customers', deniz, { columns: null });
    expect(reset.json()).toEqual({ list: 'customers', columns: null });
    expect(await columnsOf(deniz)).toEqual([]);

    await call(t, 'PUT', '/api/views/columns/products', deniz, { columns: ['title', 'price'] });
    expect((await call(t, 'POST', '/api/auth/logout', deniz)).statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: deniz.email, password: deniz.password },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/views/columns',
      headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
    });
    expect(again.json()).toEqual([{ list: 'products', columns: ['title', 'price'], widths: {} }]);
  });

  it('validates the list and the columns, and is for signed-in callers only', async () => {
    const unknownList = await call(t, 'PUT', '/api/views/columns/nope', cem, { columns: ['name'] });
    expect(unknownList.statusCode).toBe(400);
    const none = await call(t, 'PUT', '/api/views/columns/leads', cem, { columns: [] });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none).columns).toBe('Choose at least one column');
    const twice = await call(t, 'PUT', '/api/views/columns/leads', cem, { columns: ['name', 'name'] });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice).columns).toBe('A column can be chosen only once');
    const missing = await call(t, 'PUT', '/api/views/columns/leads', cem, {});
    expect(missing.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/views/columns')).statusCode).toBe(401);
    expect(
      errorOf(await call(t, 'PUT', '/api/views/columns/leads', undefined, { columns: ['name'] })),
    ).toBeTruthy();
    // Nothing was kept by the refused requests.
    expect((await columnsOf(cem)).find((choice) => choice.list === 'leads')?.columns).toEqual([
      'name',
      'email',
      'phone',
    ]);
  });

  it("keeps a person's column widths per list, beside and apart from their column choice", async () => {
    const ece = await signIn(t, { role: 'user', firstName: 'Ece', surname: 'Kaya' });
    const resized = await call(t, 'PUT', '/api/views/columns/leads/widths', ece, {
      widths: { email: 320, name: 180 },
    });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.json()).toEqual({ list: 'leads', widths: { email: 320, name: 180 } });
    // Widths alone: every column is still shown.
    expect(await columnsOf(ece)).toEqual([
      { list: 'leads', columns: null, widths: { email: 320, name: 180 } },
    ]);

    // A column choice keeps the widths, and new widths keep the choice.
    await call(t, 'PUT', '/api/views/columns/leads', ece, { columns: ['email', 'name'] });
    await call(t, 'PUT', '/api/views/columns/leads/widths', ece, { widths: { email: 400 } });
    expect(await columnsOf(ece)).toEqual([
      { list: 'leads', columns: ['email', 'name'], widths: { email: 400 } },
    ]);
    expect(await columnsOf(cem)).not.toContainEqual(expect.objectContaining({ widths: { email: 400 } }));

    // Every column again keeps the widths; no widths either leaves nothing kept.
    await call(t, 'PUT', '/api/views/columns/leads', ece, { columns: null });
    expect(await columnsOf(ece)).toEqual([{ list: 'leads', columns: null, widths: { email: 400 } }]);
    const reset = await call(t, 'PUT', '/api/views/columns/leads/widths', ece, { widths: {} });
    expect(reset.json()).toEqual({ list: 'leads', widths: {} });
    expect(await columnsOf(ece)).toEqual([]);
  });

  it('refuses widths that are not whole pixels in range, or of a column the list does not have', async () => {
    const put = (widths: unknown) => call(t, 'PUT', '/api/views/columns/agencies/widths', cem, { widths });
    await put({ name: 200 });
    for (const [widths, message] of [
      [{ name: 20 }, 'A column is at least 48 px wide'],
      [{ name: 5000 }, 'A column is at most 1200 px wide'],
      [{ name: 120.5 }, 'A width is a whole number of pixels'],
      [{ name: '200' }, 'A width is a number of pixels'],
    ] as const) {
      const res = await put(widths);
      expect(res.statusCode, JSON.stringify(widths)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    // A column of another list (Completeness is the contacts'), or none at all, is refused by name.
    const unknown = await put({ name: 250, completeness: 120 });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown).widths).toBe('Unknown column: completeness');
    expect((await put({ actions: 100 })).statusCode).toBe(400);
    expect((await call(t, 'PUT', '/api/views/columns/nope/widths', cem, { widths: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await call(t, 'PUT', '/api/views/columns/agencies/widths', undefined, { widths: {} })).statusCode,
    ).toBe(401);
    // Nothing was kept by the refused requests.
    expect((await columnsOf(cem)).find((choice) => choice.list === 'agencies')?.widths).toEqual({
      name: 200,
    });
  });
});
