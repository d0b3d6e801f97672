import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFirstAdmin } from '../src/modules/users/first-admin.js';
import { countUsers, findUserByEmail } from '../src/modules/users/users.repository.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const log = { info: () => {} } as unknown as FastifyBaseLogger;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('first admin', () => {
  it('is created from CRM_ADMIN_EMAIL and CRM_ADMIN_PASSWORD on an empty database, once', async () => {
    const config = { ...t.config, adminEmail: 'boss@example.com', adminPassword: 'start-123' };
    await bootstrapFirstAdmin(t.db, config, log);
    await bootstrapFirstAdmin(t.db, config, log);
    expect(await countUsers(t.db)).toBe(1);
    const res = await login('boss@example.com', 'start-123');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', isActive: true });
  });

  it('is admin@example.com with a random password printed once when nothing is configured', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    await bootstrapFirstAdmin(t.db, { ...t.config, adminEmail: undefined, adminPassword: undefined }, log);
    vi.restoreAllMocks();
    const password = printed.join('').match(/password: (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect((await login('admin@example.com', password!)).statusCode).toBe(200);
    expect((await findUserByEmail(t.db, 'admin@example.com'))!.password_hash).not.toContain(password!);
  });
});
