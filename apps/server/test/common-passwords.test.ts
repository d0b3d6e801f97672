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
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
});
afterAll(async () => t.close());

const TOO_COMMON = 'This password is too common';
const form = (password: string) => ({
  firstName: 'Common',
  surname: 'Password',
  phone: '905321234567',
  email: uniqueEmail('common'),
  role: 'user',
  isActive: true,
  password,
});

describe('the most common passwords are refused', () => {
  it('on create and on edit, in any case, while the 6-character minimum stays', async () => {
    for (const password of ['123456', 'Password1', 'QWERTY123']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: form(password),
      });
      expect(res.statusCode, password).toBe(400);
      expect(errorOf(res)).toBe(TOO_COMMON);
      expect(fieldsOf(res)).toEqual({ password: TOO_COMMON });
    }
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: form('abc'),
    });
    expect(errorOf(short)).toBe('Password must be at least 6 characters');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: form('kiwi-lagoon'),
    });
    expect(created.statusCode).toBe(201);
    const { id, email } = created.json<{ id: number; email: string }>();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/users/update-user/${id}`,
      headers: admin.headers,
      payload: { ...form('letmein'), email },
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit)).toBe(TOO_COMMON);
  });

  it('on change-password', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'iloveyou' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(TOO_COMMON);
  });
});
