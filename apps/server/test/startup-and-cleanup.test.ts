import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION, migrateToLatest } from '../src/db/migrate.js';
import { deleteExpired } from '../src/modules/auth/cleanup.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
});
afterAll(async () => t.close());

describe('a database newer than the code', () => {
  it('is refused with a sentence naming both versions', async () => {
    await t.db
      .insertInto('kysely_migration' as never)
      .values({ name: '0099-from-the-future', timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      await expect(migrateToLatest(t.db)).rejects.toThrow(
        `This database was upgraded by a newer version of the CRM (it has migration 0099-from-the-future, which this version does not know; this version ends at ${LATEST_MIGRATION}). Run that version or a newer one: migrations only go forward.`,
      );
    } finally {
      await t.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0099-from-the-future' as never)
        .execute();
    }
  });
});

describe('cleanup', () => {
  it('deletes expired sessions and spent login attempts, and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.db
      .insertInto('sessions')
      .values({ id: 'expired-session-1', user_id: user.id, created_at: past, expires_at: past })
      .execute();
    await t.db
      .insertInto('login_failures')
      .values({ key: 'email:old@example.com', failed_at: new Date(Date.now() - 3_600_000).toISOString() })
      .execute();
    await deleteExpired(t.db, t.config);
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).not.toContain('expired-session-1');
    expect(sessions.length).toBeGreaterThan(0);
    const old = await t.db
      .selectFrom('login_failures')
      .select('id')
      .where('key', '=', 'email:old@example.com')
      .execute();
    expect(old).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
    ).toBe(200);
  });
});
