import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAuditLog } from '../src/modules/audit/audit.service.js';
import { createBackup } from '../src/modules/backup/backup.service.js';
import { BULK_INLINE_MAX } from '../src/modules/bulk/bulk.service.js';
import { call, createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { preview, run, upload, waitForImport } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface EntryJson {
  id: number;
  at: string;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  targetType: string | null;
  targetId: number | null;
  detail: Record<string, unknown>;
  address: string;
}

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
  admin = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Audit' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => t.close());

async function entries(query: string): Promise<EntryJson[]> {
  const res = await call(t, 'GET', `/api/audit?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EntryJson[]>();
}

const latest = async (action: string) => (await entries(`action=${action}&limit=1`))[0];

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('sign-in, failed sign-in and sign-out', () => {
  it('records a sign-in with who, when and the address', async () => {
    const before = new Date().toISOString();
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const entry = await latest('auth.sign-in');
    expect(entry).toMatchObject({
      actor: { id: user.id, name: 'Umut User', email: user.email },
      address: '203.0.113.7',
      detail: { method: 'password' },
    });
    expect(entry!.at >= before).toBe(true);
  });

  it('records a failed sign-in with the e-mail typed and no actor for an unknown e-mail', async () => {
    const res = await login('nobody@example.com', 'wrong-password', '198.51.100.9');
    expect(res.statusCode).toBe(401);
    expect(await latest('auth.sign-in-failed')).toMatchObject({
      actor: null,
      address: '198.51.100.9',
      detail: { email: 'nobody@example.com', reason: 'unknown-email' },
    });
    await login(user.email, 'wrong-password', '198.51.100.9');
    expect(await latest('auth.sign-in-failed')).toMatchObject({
      actor: { id: user.id },
      targetType: 'user',
      targetId: user.id,
      detail: { reason: 'wrong-password' },
    });
  });

  it('records a sign-out', async () => {
    const session = await signIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: session.headers,
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(204);
    expect(await latest('auth.sign-out')).toMatchObject({ actor: { id: session.id }, address: '192.0.2.44' });
  });

  it('takes the address from X-Forwarded-For only as TRUST_PROXY allows', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.1' });
    try {
      const admin2 = await signIn(proxied, { role: 'admin' });
      await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'nope' },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'y@example.com', password: 'nope' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.51' },
      });
      const res = await call(proxied, 'GET', '/api/audit?action=auth.sign-in-failed', admin2);
      expect(res.json<EntryJson[]>().map((e) => e.address)).toEqual(['10.0.0.2', '203.0.113.50']);
    } finally {
      await proxied.close();
    }
  });
});

describe('second factor', () => {
  const post = (url: string, who: SignedIn, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: who.headers,
      payload,
      remoteAddress: '192.0.2.8',
    });
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  async function enrol(who: SignedIn): Promise<string> {
    const { secret } = (await post('/auth/two-factor/setup', who)).json<{ secret: string }>();
    const confirm = await post('/auth/two-factor/confirm', who, { code: await codeAt(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return secret;
  }

  it('records turning it on, a wrong code at sign-in, a sign-in with it, and turning it off', async () => {
    const who = await signIn(t);
    const secret = await enrol(who);
    expect(await latest('auth.second-factor-enabled')).toMatchObject({
      actor: { id: who.id },
      targetType: 'user',
      targetId: who.id,
      address: '192.0.2.8',
    });
    const { challenge } = (await login(who.email, who.password)).json<{ challenge: string }>();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge, code: '000000' },
      remoteAddress: '203.0.113.7',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await latest('auth.sign-in-failed')).toMatchObject({
      actor: { id: who.id },
      detail: { reason: 'wrong-code' },
    });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge, code: await codeAt(secret, 1) },
      remoteAddress: '203.0.113.7',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await latest('auth.sign-in')).toMatchObject({
      actor: { id: who.id },
      detail: { secondFactor: true },
      address: '203.0.113.7',
    });
    const off = await post('/auth/two-factor/disable', who, { password: who.password });
    expect(off.statusCode, off.body).toBe(200);
    expect(await latest('auth.second-factor-disabled')).toMatchObject({
      actor: { id: who.id },
      targetId: who.id,
    });
  });

  it('records an admin’s reset of a user’s factor, and writes nothing when the reset is refused', async () => {
    const target = await signIn(t);
    const refused = await call(t, 'POST', `/api/users/${target.id}/two-factor/reset`, admin);
    expect(refused.statusCode).toBe(409);
    expect((await entries(`action=auth.second-factor-reset&targetId=${target.id}`)).length).toBe(0);
    await enrol(target);
    const res = await call(t, 'POST', `/api/users/${target.id}/two-factor/reset`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('auth.second-factor-reset')).toMatchObject({
      actor: { id: admin.id },
      targetType: 'user',
      targetId: target.id,
      address: '127.0.0.1',
    });
  });
});

describe('users', () => {
  it('records a role change with the old and new role, a deactivation and an activation', async () => {
    const target = await signIn(t, { firstName: 'Rol', surname: 'Target' });
    const me = (await call(t, 'GET', `/api/users/${target.id}`, admin)).json<{ version?: number }>();
    const role = await call(t, 'PUT', `/api/users/update-user/${target.id}`, admin, {
      role: 'admin',
      ...(me.version === undefined ? {} : { version: me.version }),
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(await latest('user.role-changed')).toMatchObject({
      actor: { id: admin.id },
      targetType: 'user',
      targetId: target.id,
      detail: { from: 'user', to: 'admin' },
    });
    expect((await call(t, 'PUT', `/api/users/${target.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(await latest('user.deactivated')).toMatchObject({ targetId: target.id, actor: { id: admin.id } });
    expect((await call(t, 'PUT', `/api/users/${target.id}/activate`, admin)).statusCode).toBe(200);
    expect(await latest('user.activated')).toMatchObject({ targetId: target.id });
  });
});

describe('exports, imports and merges', () => {
  it('records an export with its row count once it has finished', async () => {
    const res = await call(t, 'GET', '/api/exports/users?format=csv', admin);
    expect(res.statusCode).toBe(200);
    const sent = Number(res.headers['x-total-count']);
    await expect
      .poll(async () => (await latest('export'))?.detail)
      .toMatchObject({ list: 'users', rows: sent });
  });

  it('writes no entry for an export refused before it starts', async () => {
    const count = (await call(t, 'GET', '/api/audit?action=export', admin)).headers['x-total-count'];
    const bad = await call(t, 'GET', '/api/exports/users?sort=salary', admin);
    expect(bad.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/audit?action=export', admin)).headers['x-total-count']).toBe(count);
  });

  it('records a backup, run from the command line without an actor', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-backup-'));
    try {
      const manifest = await createBackup(t.config, path.join(dir, 'b.tar.gz'));
      expect(await latest('backup')).toMatchObject({
        actor: null,
        address: '',
        detail: { via: 'cli', engine: manifest.engine, files: manifest.files, encrypted: false },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records an import run and its undo; a refused run leaves no entry', async () => {
    const tag = uniqueTag('au');
    const view = await upload(
      t,
      user,
      'a.csv',
      `Name,Surname,Email,Phone,Source\r\nAyla,${tag},${tag}@example.com,905321119988,Facebook\r\n`,
    );
    const settings = { mapping: view.mapping };
    const early = await call(t, 'POST', `/api/imports/${view.id}/run`, user, settings);
    expect(early.statusCode).toBe(409);
    expect((await entries(`action=import&targetId=${view.id}`)).length).toBe(0);
    await preview(t, user, view.id, settings);
    await run(t, user, view.id, settings);
    expect(await latest('import')).toMatchObject({
      actor: { id: user.id },
      targetType: 'import',
      targetId: view.id,
      detail: { entity: 'contacts', filename: 'a.csv', preview: { create: 1 } },
    });
    expect((await call(t, 'POST', `/api/imports/${view.id}/undo`, user)).statusCode).toBe(202);
    await waitForImport(t, user, view.id, ['undone']);
    expect(await latest('import.undo')).toMatchObject({ actor: { id: user.id }, targetId: view.id });
  });

  it('records a merge and its undo; a dry run leaves no entry', async () => {
    const tag = uniqueTag('mg');
    const a = await createContact(t, user, leadPayload({ name: 'Ayşe', surname: tag }));
    const b = await createContact(t, user, leadPayload({ name: 'Ayse', surname: tag }));
    const dry = await call(t, 'POST', '/api/contacts/merge', admin, {
      survivorId: a.id,
      otherId: b.id,
      dryRun: true,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect((await entries(`action=merge&targetId=${a.id}`)).length).toBe(0);
    const res = await call(t, 'POST', '/api/contacts/merge', admin, { survivorId: a.id, otherId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    const { mergeId } = res.json<{ mergeId: number }>();
    expect(await latest('merge')).toMatchObject({
      actor: { id: admin.id },
      targetType: 'contact',
      targetId: a.id,
      detail: { mergeId, merged: b.id },
    });
    const undo = await call(t, 'POST', `/api/contacts/merge/${mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await latest('merge.undo')).toMatchObject({ targetId: a.id, detail: { mergeId, restored: b.id } });
  });
});

describe('bulk undo', () => {
  it('records the undo of a bulk deactivation, with the records it puts back, when it is queued', async () => {
    const tag = uniqueTag('bu');
    const ids: number[] = [];
    for (let i = 0; i < BULK_INLINE_MAX + 1; i++)
      ids.push(
        (await createContact(t, admin, leadPayload({ surname: tag, phone: `90532${String(7000000 + i)}` })))
          .id,
      );
    const started = await call(t, 'POST', '/api/bulk/leads', admin, {
      action: 'deactivate',
      params: { q: tag },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json<{ jobId: number }>();
    await expect
      .poll(
        async () => (await call(t, 'GET', `/api/bulk/jobs/${jobId}`, admin)).json<{ state: string }>().state,
        {
          timeout: 30_000,
        },
      )
      .toBe('done');
    const undo = await call(t, 'POST', '/api/bulk/leads', admin, { action: 'activate', undoOf: jobId });
    expect(undo.statusCode, undo.body).toBe(202);
    expect(await latest('bulk.undo')).toMatchObject({
      actor: { id: admin.id },
      targetType: 'bulk-job',
      targetId: jobId,
      detail: { list: 'leads', rows: BULK_INLINE_MAX + 1 },
    });
  });
});

describe('the list, the export and who may read them', () => {
  it('filters by actor, address and dates, newest first, with X-Total-Count', async () => {
    const mine = await call(t, 'GET', `/api/audit?actor=${user.id}&limit=2`, admin);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(2);
    const rows = mine.json<EntryJson[]>();
    expect(rows.every((e) => e.actor?.id === user.id)).toBe(true);
    expect(rows[0]!.at >= rows[1]!.at).toBe(true);
    expect((await entries('address=192.0.2.44')).map((e) => e.action)).toEqual(['auth.sign-out']);
    expect(await entries('to=2000-01-01')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`from=${today}&to=${today}&action=auth.sign-out`)).length).toBe(1);
    const bad = await call(t, 'GET', '/api/audit?from=yesterday', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered log as CSV with formula-safe cells', async () => {
    const formula = await signIn(t, { firstName: '=HYPERLINK("x")', surname: 'Sheet' });
    expect((await login(formula.email, formula.password, '198.51.100.77')).statusCode).toBe(200);
    const res = await call(t, 'GET', '/api/audit/export?address=198.51.100.77', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Time,Action,Person,E-Mail,Target,Target Id,Address,Detail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,auth.sign-in,"'=HYPERLINK(""x"") Sheet",${formula.email},,,198.51.100.77,`);
    await expect.poll(async () => (await latest('export'))?.detail).toMatchObject({ list: 'audit', rows: 1 });
  });

  it('answers 403 to anyone but an admin', async () => {
    for (const url of ['/api/audit', '/api/audit/export']) {
      const res = await call(t, 'GET', url, user);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBeTruthy();
    }
  });

  it('has no way to edit or delete an entry', async () => {
    const [entry] = await entries('limit=1');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/audit/${entry!.id}`, '/api/audit']) {
        const res = await call(t, method, url, admin, {});
        expect([404, 405]).toContain(res.statusCode);
      }
    }
    expect((await entries('limit=1'))[0]).toEqual((await entries('limit=1'))[0]);
  });
});

describe('retention', () => {
  it('the sweep deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    for (const at of [old, recent])
      await t.db
        .insertInto('audit_entries')
        .values({
          at,
          action: 'backup',
          detail: '{}',
          address: '',
          actor_id: null,
          actor_name: null,
          actor_email: null,
          target_type: null,
          target_id: null,
        })
        .execute();
    expect(await sweepAuditLog({ db: t.db, config: t.config } as never)).toBe(1);
    const kept = await entries(`action=backup&to=${new Date(Date.now() - 86_400_000).toISOString()}`);
    expect(kept.map((e) => e.at)).toEqual([recent]);
  });
});
