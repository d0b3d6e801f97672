import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../src/db/dialect.js';
import { BULK_INLINE_MAX } from '../src/modules/bulk/bulk.service.js';
import { createAgency } from './helpers/agencies.js';
import { call, createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { createProduct } from './helpers/products.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let phone = 0;
const nextPhone = () => {
  phone += 1;
  return `+90 533 ${String(100 + Math.floor(phone / 10_000)).padStart(3, '0')} ${String(phone % 10_000).padStart(4, '0')}`;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Ayla', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => t.close());

/** Leads whose surname is the tag, created through the API. */
async function leads(tag: string, count: number, extra: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await createContact(t, admin, leadPayload({ surname: tag, phone: nextPhone(), ...extra }))).id);
  }
  return ids;
}

async function total(url: string): Promise<number> {
  const res = await call(t, 'GET', url, admin);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface JobJson {
  state: string;
  done: number;
  total: number;
  count: number | null;
  message: string | null;
}

async function finished(jobId: number): Promise<JobJson> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call(t, 'GET', `/api/bulk/jobs/${jobId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<JobJson>();
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`bulk job ${jobId} still ${job.state}`);
    await sleep(50);
  }
}

describe('POST /api/bulk/:list', () => {
  it('is an admin’s: a user gets 403, as for the per-id bulk actions, and nothing changes', async () => {
    const tag = uniqueTag('forbid');
    await leads(tag, 2);
    const res = await call(t, 'POST', '/api/bulk/leads', user, { action: 'deactivate', params: { q: tag } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBeTruthy();
    expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(2);
    const count = await call(t, 'GET', `/api/bulk/leads/count?q=${tag}`, user);
    expect(count.statusCode).toBe(403);
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: [string, unknown][] = [
      ['/api/bulk/leads', { action: 'explode', params: {} }],
      ['/api/bulk/leads', { action: 'deactivate' }],
      ['/api/bulk/leads', { action: 'deactivate', params: {}, ids: [1] }],
      ['/api/bulk/leads', { action: 'deactivate', params: { 'filter.nope': 'equals:x' } }],
      ['/api/bulk/leads', { action: 'deactivate', params: { 'filter.source': 'sideways:x' } }],
      ['/api/bulk/leads', { action: 'deactivate', params: { q: 42 } }],
      ['/api/bulk/partners', { action: 'reassign', params: {}, assignedToId: admin.id }],
      ['/api/bulk/leads', { action: 'reassign', params: {}, assignedToId: 999_999 }],
      ['/api/bulk/users', { action: 'deactivate', params: {} }],
      ['/api/bulk/leads', { action: 'deactivate', ids: [] }],
    ];
    for (const [url, body] of cases) {
      const res = await call(t, 'POST', url, admin, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(typeof errorOf(res)).toBe('string');
    }
  });

  it('changes exactly the records the list shows for its filter, and answers them for an undo', async () => {
    const tag = uniqueTag('pick');
    const other = uniqueTag('keep');
    const facebook = await leads(tag, 3, { source: 'Facebook' });
    await leads(tag, 2, { source: 'Referral' });
    await leads(other, 2, { source: 'Facebook' });
    const params = { q: tag, 'filter.source': 'equals:Facebook', sort: 'name', order: 'asc' };
    const counted = await call(
      t,
      'GET',
      `/api/bulk/leads/count?q=${tag}&filter.source=equals:Facebook`,
      admin,
    );
    expect(counted.json()).toEqual({ count: 3 });

    const res = await call(t, 'POST', '/api/bulk/leads', admin, { action: 'deactivate', params });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ count: number; message: string; ids: number[] }>();
    expect(body.count).toBe(3);
    expect(body.message).toBe('Selected contacts deactivated!');
    expect([...body.ids].sort((a, b) => a - b)).toEqual(facebook);
    expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(2);
    expect(await total(`/api/contacts?type=lead&q=${other}`)).toBe(2);
    // Through the write path: each record's history has the change, by the admin.
    const history = await call(t, 'GET', `/api/contacts/${facebook[0]}/history`, admin);
    expect(history.body).toContain('isActive');

    const undo = await call(t, 'POST', '/api/bulk/leads', admin, { action: 'activate', ids: body.ids });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ count: 3 });
    expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(5);
  });

  it('reassigns the matching customers and leaves the rest', async () => {
    const tag = uniqueTag('move');
    const ids = await leads(tag, 2);
    const res = await call(t, 'POST', '/api/bulk/leads', admin, {
      action: 'reassign',
      params: { q: tag },
      assignedToId: user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, message: 'Contacts reassigned!' });
    for (const id of ids) {
      const contact = await call(t, 'GET', `/api/contacts/${id}`, admin);
      expect(contact.json<{ assignedTo: { id: number } }>().assignedTo.id).toBe(user.id);
    }
  });

  it('runs a large selection as a job with progress, and undoes exactly what it changed', async () => {
    const tag = uniqueTag('many');
    const count = BULK_INLINE_MAX + 25;
    await leads(tag, count);
    // Already inactive before the job: the undo must leave it so.
    const [before] = await leads(tag, 1);
    expect((await call(t, 'PUT', `/api/contacts/${before}/deactivate`, admin)).statusCode).toBe(200);

    const res = await call(t, 'POST', '/api/bulk/leads', admin, { action: 'deactivate', params: { q: tag } });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ jobId: number; total: number }>();
    expect(started.total).toBe(count);
    const job = await finished(started.jobId);
    expect(job).toMatchObject({ state: 'done', done: count, total: count, count });
    expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(0);
    // Someone else's job is not theirs to read.
    const otherAdmin = await signIn(t, { role: 'admin' });
    expect((await call(t, 'GET', `/api/bulk/jobs/${started.jobId}`, otherAdmin)).statusCode).toBe(404);

    const undo = await call(t, 'POST', '/api/bulk/leads', admin, {
      action: 'activate',
      undoOf: started.jobId,
    });
    expect(undo.statusCode, undo.body).toBe(202);
    const undone = await finished(undo.json<{ jobId: number }>().jobId);
    expect(undone).toMatchObject({ state: 'done', count });
    expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(count);
    const kept = await call(t, 'GET', `/api/contacts/${before}`, admin);
    expect(kept.json<{ isActive: boolean }>().isActive).toBe(false);
  });

  it('deactivates partners and products by their lists’ filters', async () => {
    const tag = uniqueTag('agency');
    for (const suffix of ['One', 'Two']) await createAgency(t, admin, { name: `${tag} ${suffix}` });
    const res = await call(t, 'POST', '/api/bulk/partners', admin, {
      action: 'deactivate',
      params: { q: tag },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, message: 'Deactivated 2 agencies successfully' });
    expect(await total(`/api/agencies?q=${tag}&filter.isActive=equals:false`)).toBe(2);
    const again = await call(t, 'POST', '/api/bulk/partners', admin, {
      action: 'deactivate',
      params: { q: tag },
    });
    expect(again.json()).toMatchObject({ count: 0, message: 'Nothing to update' });

    for (const suffix of ['A', 'B', 'C']) await createProduct(t, admin, { title: `${tag} flat ${suffix}` });
    const products = await call(t, 'POST', '/api/bulk/products', admin, {
      action: 'deactivate',
      params: { q: tag },
    });
    expect(products.json()).toMatchObject({ count: 3, message: 'Deactivated 3 products successfully' });
    expect(await total(`/api/products?q=${tag}&filter.isActive=equals:false`)).toBe(3);
  });

  it('writes a batch in one transaction: a record that fails undoes the others of its batch', async () => {
    const tag = uniqueTag('atomic');
    const ids = await leads(tag, 5);
    const failing = ids[2]!;
    if (engineOf(t.db) === 'sqlite') {
      await sql
        .raw(`CREATE TRIGGER bulk_test_fail BEFORE UPDATE OF is_active ON contacts
          WHEN new.id = ${failing} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
        .execute(t.db);
    } else {
      await sql
        .raw(`CREATE FUNCTION bulk_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.id = ${failing} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`)
        .execute(t.db);
      await sql
        .raw(
          `CREATE TRIGGER bulk_test_fail BEFORE UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION bulk_test_fail()`,
        )
        .execute(t.db);
    }
    try {
      const res = await call(t, 'POST', '/api/bulk/leads', admin, {
        action: 'deactivate',
        params: { q: tag },
      });
      expect(res.statusCode).toBe(500);
      expect(await total(`/api/contacts?type=lead&q=${tag}`)).toBe(5);
    } finally {
      await sql
        .raw(`DROP TRIGGER bulk_test_fail${engineOf(t.db) === 'postgres' ? ' ON contacts' : ''}`)
        .execute(t.db);
    }
  });
});
