import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  errorOf,
  fieldsOf,
  type SignedIn,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => t.close());

const validUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Zeynep',
  surname: 'Kaya',
  phone: '+90 (532) 111-22-33',
  email: uniqueEmail('zeynep'),
  password: 'secret1',
  role: 'user',
  isActive: true,
  ...overrides,
});

const create = (payload: unknown, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: '/api/users/', headers: who.headers, payload: payload as object });
const update = (id: number, payload: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/update-user/${id}`,
    headers: who.headers,
    payload: payload as object,
  });

describe('POST /api/users', () => {
  it('creates a user, keeps the phone as digits and composes the display name', async () => {
    const res = await create(validUser({ firstName: '  Zeynep ', surname: 'Kaya ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Zeynep Kaya',
      firstName: 'Zeynep',
      surname: 'Kaya',
      phone: '905321112233',
      role: 'user',
      isActive: true,
    });
    expect(res.json()).not.toHaveProperty('password');
  });

  it('answers every field rule with the specification’s message', async () => {
    const res = await create({
      firstName: ' ',
      surname: '',
      phone: '12-34',
      email: 'a@b',
      password: '123',
      role: 'boss',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      firstName: 'First name is required',
      surname: 'Surname is required',
      phone: 'Phone must be 6–15 digits',
      email: 'Email must include a valid top‑level domain',
      password: 'Password must be at least 6 characters',
      role: 'Role must be either admin or user',
      isActive: 'Status is required',
    });
    expect(errorOf(res)).toBe('First name is required');
  });

  it.each([
    [{ phone: '' }, 'phone', 'Phone is required'],
    [{ phone: '1234567890123456' }, 'phone', 'Phone must be 6–15 digits'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not an email' }, 'email', 'Invalid email format'],
    [{ email: 'x@example.c' }, 'email', 'Email must include a valid top‑level domain'],
    [{ password: '' }, 'password', 'Password is required'],
  ])('refuses %j with %s: %s', async (override, field, message) => {
    const res = await create(validUser(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('refuses an e-mail already in use, whatever its case, with 409', async () => {
    const email = uniqueEmail('dup');
    expect((await create(validUser({ email }))).statusCode).toBe(201);
    const res = await create(validUser({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('A user with this email already exists');
    expect(fieldsOf(res).email).toBe('A user with this email already exists');
  });

  it('is refused to a non-admin with 403 and to nobody with 401', async () => {
    expect((await create(validUser(), user)).statusCode).toBe(403);
    expect(errorOf(await create(validUser(), user))).toBe('You do not have permission to do this');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users', payload: validUser() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the new user sign in with the given password', async () => {
    const payload = validUser();
    await create(payload);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/users', () => {
  it('answers admins full records with the total in X-Total-Count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows[0]).toHaveProperty('email');
    expect(rows[0]).not.toHaveProperty('password_hash');
  });

  it('answers everyone else only id and name, for pickers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/', headers: user.headers });
    expect(res.statusCode).toBe(200);
    for (const row of res.json()) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
  });

  it('does not let a non-admin search or filter by e-mail', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?filter.email=contains:example',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Unknown filter column: email');
  });
});

describe('list parameters on GET /api/users', () => {
  let lt: TestApp;
  let boss: SignedIn;
  const list = async (query: string) => {
    const res = await lt.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: boss.headers });
    return { status: res.statusCode, rows: res.json(), total: Number(res.headers['x-total-count']), res };
  };
  beforeAll(async () => {
    lt = await createTestApp();
    boss = await signIn(lt, { role: 'admin', firstName: 'Boss', surname: 'Zed', email: 'boss@corp.test' });
    const people = [
      ['ali', 'Veli', 'ali.veli@corp.test', 'user', true],
      ['Alice', 'Smith', 'alice@corp.test', 'user', false],
      ['bob', 'Jones', 'BOB@corp.test', 'admin', true],
      ['Carol', 'Ali', 'carol@other.test', 'user', true],
      ['dan', 'Brown', 'dan_x@corp.test', 'user', true],
    ] as const;
    for (const [firstName, surname, email, role, isActive] of people) {
      const res = await lt.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: boss.headers,
        payload: { firstName, surname, email, role, isActive, phone: '5551234567', password: 'secret1' },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => lt.close());

  it('sorts by name case-insensitively, ascending by default and descending on request', async () => {
    const asc = await list('sort=name');
    expect(asc.rows.map((r: { name: string }) => r.name)).toEqual([
      'ali Veli',
      'Alice Smith',
      'bob Jones',
      'Boss Zed',
      'Carol Ali',
      'dan Brown',
    ]);
    const desc = await list('sort=name&order=desc');
    expect(desc.rows.map((r: { name: string }) => r.name)[0]).toBe('dan Brown');
  });

  it('searches name, e-mail and role case-insensitively', async () => {
    expect((await list('q=ALI')).rows.map((r: { name: string }) => r.name).sort()).toEqual([
      'Alice Smith',
      'Carol Ali',
      'ali Veli',
    ]);
    expect((await list('q=other.test')).rows).toHaveLength(1);
    expect((await list('q=admin')).total).toBe(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list('q=_x')).rows.map((r: { email: string }) => r.email)).toEqual(['dan_x@corp.test']);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters in the three modes', async () => {
    expect((await list('filter.email=equals:BOB@corp.test')).total).toBe(1);
    expect((await list('filter.email=equals:bob@corp.test')).total).toBe(0);
    expect((await list('filter.email=contains:BOB')).total).toBe(1);
    expect((await list('filter.email=contains:bob')).total).toBe(0);
    expect((await list('filter.email=containsIgnoreCase:bob')).total).toBe(1);
    expect((await list('filter.isActive=equals:false')).rows.map((r: { name: string }) => r.name)).toEqual([
      'Alice Smith',
    ]);
    expect((await list('filter.role=equals:admin&q=bo')).total).toBe(2);
  });

  it('pages with limit and offset and still reports the full total', async () => {
    const page = await list('sort=name&limit=2&offset=2');
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(['bob Jones', 'Boss Zed']);
    expect(page.total).toBe(6);
  });

  it.each([
    ['sort=password_hash', 'Unknown sort column: password_hash'],
    ['order=sideways', 'order must be asc or desc'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=100000', 'limit must be at most 500'],
    ['offset=-1', 'offset must be at least 0'],
    ['limit=abc', 'limit must be a number'],
    [
      'filter.name=startsWith:a',
      'A filter must read <mode>:<value> with mode equals, contains or containsIgnoreCase',
    ],
    ['filter.isActive=equals:maybe', 'A status filter must be true or false'],
    ['filter.name=equals:a&filter.name=equals:b', 'Give one filter per column: name'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { status, res } = await list(query);
    expect(status).toBe(400);
    expect(errorOf(res)).toBe(message);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the record an edit form loads', async () => {
    const created = (await create(validUser())).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${created.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Zeynep',
      surname: 'Kaya',
      phone: '905321112233',
      role: 'user',
      isActive: true,
    });
  });

  it('answers 404 with a message for a missing user, 400 for a bad id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('User not found');
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a non-admin read only their own record', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: user.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${admin.id}`, headers: user.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/users/update-user/{id}', () => {
  it('updates the fields; a blank password keeps the current one', async () => {
    const payload = validUser();
    const { id } = (await create(payload)).json();
    const res = await update(id, { ...payload, firstName: 'Elif', password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Elif Kaya', firstName: 'Elif' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: 'secret1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sets a new password and ends the user’s sessions', async () => {
    const target = await signIn(t);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/users/${target.id}`, headers: admin.headers })
    ).json();
    const res = await update(target.id, { ...current, password: 'brand-new' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: 'brand-new' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('applies the form rules, refuses a short new password and another user’s e-mail', async () => {
    const payload = validUser();
    const { id } = (await create(payload)).json();
    expect(fieldsOf(await update(id, { ...payload, surname: '' })).surname).toBe('Surname is required');
    expect(fieldsOf(await update(id, { ...payload, password: '123' })).password).toBe(
      'Password must be at least 6 characters',
    );
    const taken = await update(id, { ...payload, email: user.email });
    expect(taken.statusCode).toBe(409);
  });

  it('is admin-only, answers 404 for a missing user, and an admin cannot deactivate themself', async () => {
    const payload = validUser();
    const { id } = (await create(payload)).json();
    expect((await update(id, payload, user)).statusCode).toBe(403);
    expect((await update(999999, payload)).statusCode).toBe(404);
    const self = (
      await t.app.inject({ method: 'GET', url: `/api/users/${admin.id}`, headers: admin.headers })
    ).json();
    const res = await update(admin.id, { ...self, phone: '5551234567', isActive: false });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).isActive).toBe('You cannot deactivate your own account');
  });
});

describe('PUT /api/users/{id}/activate and /deactivate', () => {
  it('deactivates a user: their very next call is refused, and activation lets them sign in again', async () => {
    const target = await signIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/deactivate`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers })).statusCode,
    ).toBe(401);
    const activated = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/activate`,
      headers: admin.headers,
    });
    expect(activated.json().isActive).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is refused to non-admins with 403', async () => {
    for (const action of ['activate', 'deactivate']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${admin.id}/${action}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('does not let an admin deactivate their own account', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}/deactivate`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('You cannot deactivate your own account');
  });

  it('answers 404 for a missing user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/424242/activate',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/users/me', () => {
  it('changes the display name and e-mail and answers {user}', async () => {
    const me = await signIn(t);
    const email = uniqueEmail('renamed');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: me.headers,
      payload: { name: 'New Name', email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: me.id, name: 'New Name', email });
  });

  it('refuses a blank name, a bad e-mail and one taken by someone else', async () => {
    const me = await signIn(t);
    const blank = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: me.headers,
      payload: { name: ' ', email: me.email },
    });
    expect(fieldsOf(blank).name).toBe('Name is required');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: me.headers,
      payload: { name: 'A', email: 'nope' },
    });
    expect(fieldsOf(bad).email).toBe('Invalid email format');
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: me.headers,
      payload: { name: 'A', email: admin.email },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'A', email: 'a@example.com' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/change-password', () => {
  it('changes the password, ends the old sessions and answers a fresh token', async () => {
    const me = await signIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: me.headers,
      payload: { currentPassword: me.password, newPassword: 'another-one' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password updated successfully!');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: me.headers })).statusCode).toBe(
      401,
    );
    const fresh = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: fresh })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: 'another-one' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const me = await signIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: me.headers,
      payload: { currentPassword: 'wrong-one', newPassword: 'another-one' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Current password is incorrect');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: me.headers })).statusCode).toBe(
      200,
    );
  });

  it('refuses empty fields with "Please fill in all password fields."', async () => {
    const me = await signIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: me.headers,
      payload: { currentPassword: '', newPassword: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Please fill in all password fields.');
  });
});
