import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgencyDetailJson, createAgency, createAgencyContact, historyOf } from './helpers/agencies.js';
import { call, uniqueTag } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface AgencyMergeJson {
  mergeId: number | null;
  survivor: AgencyDetailJson;
  fields: { field: string; chosen: string }[];
  moved: Record<string, number>;
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

describe('POST /api/agencies/merge', () => {
  it('moves notes, customers, staff and sales reps, points the other at the survivor, and undoes', async () => {
    const tag = uniqueTag('am');
    const survivor = await createAgency(t, admin, { name: `Kept ${tag}`, email: `${tag}@kept.example` });
    const other = await createAgency(t, admin, {
      name: `Other ${tag}`,
      email: `${tag}@kept.example`,
      city: 'Nicosia',
    });
    const customer = await createAgencyContact(t, admin, other.id, { name: 'Customer' });
    expect(
      (await call(t, 'POST', `/api/agencies/${other.id}/staff`, admin, { contactId: customer.id }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(t, 'POST', `/api/agencies/${other.id}/add-note`, admin, { content: '<p>Met</p>' }))
        .statusCode,
    ).toBe(201);
    const dup = await call(t, 'GET', `/api/agencies/${survivor.id}/duplicates`, admin);
    expect(dup.json<{ fields: string[] }>().fields).toEqual(['Email']);

    const preview = await call(t, 'POST', '/api/agencies/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      dryRun: true,
      choices: { name: 'survivor' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<AgencyMergeJson>()).toMatchObject({
      mergeId: null,
      moved: { notes: 1, customers: 1, staff: 1 },
    });
    expect((await call(t, 'GET', `/api/agencies/${other.id}`, admin)).statusCode).toBe(200);

    const res = await call(t, 'POST', '/api/agencies/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      choices: { name: 'survivor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AgencyMergeJson>();
    expect(result.survivor).toMatchObject({ name: `Kept ${tag}`, city: 'Nicosia' });
    const customers = await call(t, 'GET', `/api/contacts?agencyId=${survivor.id}`, admin);
    expect(customers.json<{ id: number }[]>().map((c) => c.id)).toEqual([customer.id]);
    const link = await call(t, 'GET', `/api/agencies/${other.id}`, user);
    expect(link.statusCode).toBe(308);
    expect(link.headers.location).toBe(`/api/agencies/${survivor.id}`);
    expect((await call(t, 'GET', `/api/agencies/${survivor.id}/duplicates`, admin)).json()).toEqual({
      fields: [],
      agencies: [],
    });
    const history = await historyOf(t, admin, survivor.id);
    expect(history.filter((h) => h.field === 'mergedWith')).toHaveLength(1);

    const undo = await call(t, 'POST', `/api/agencies/merge/${result.mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await call(t, 'GET', `/api/contacts?agencyId=${other.id}`, admin);
    expect(back.json<{ id: number }[]>().map((c) => c.id)).toEqual([customer.id]);
    const restored = await call(t, 'GET', `/api/agencies/${survivor.id}`, admin);
    expect(restored.json<AgencyDetailJson>().city).toBe(survivor.city);
  });

  it('is refused to non-admins and for one agency twice', async () => {
    const a = await createAgency(t, admin);
    const b = await createAgency(t, admin);
    expect(
      (await call(t, 'POST', '/api/agencies/merge', user, { survivorId: a.id, otherId: b.id })).statusCode,
    ).toBe(403);
    const same = await call(t, 'POST', '/api/agencies/merge', admin, { survivorId: a.id, otherId: a.id });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same)).toBe('Choose two different records to merge');
  });
});

describe('GET /api/duplicates (admin Duplicates screen)', () => {
  it('groups active contacts by each key of the rule, paged, for admins only', async () => {
    const tag = uniqueTag('gr');
    const make = (name: string, email: string) =>
      call(t, 'POST', '/api/contacts', admin, {
        type: 'LEAD',
        name,
        surname: tag,
        phone: `90533${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
        email,
        source: 'Facebook',
      });
    for (const [name, email] of [
      ['Aa', `${tag}1@x.example`],
      ['Aa', `${tag}2@x.example`],
      ['Bb', `${tag}2@x.example`],
      ['Bb', `${tag}3@x.example`],
    ]) {
      expect((await make(name as string, email as string)).statusCode).toBe(201);
    }
    const byName = await call(t, 'GET', '/api/duplicates/contacts?rule=name&limit=100', admin);
    expect(byName.statusCode, byName.body).toBe(200);
    const group = byName
      .json<{ groups: { value: string; count: number; members: { name: string }[] }[] }>()
      .groups.find((g) => g.value === `aa ${tag}`);
    expect(group).toMatchObject({ count: 2 });
    expect(group?.members.map((m) => m.name)).toEqual([`Aa ${tag}`, `Aa ${tag}`]);
    const byEmail = await call(t, 'GET', '/api/duplicates/contacts?rule=email&limit=100', admin);
    expect(byEmail.json<{ groups: { value: string }[] }>().groups.map((g) => g.value)).toContain(
      `${tag}2@x.example`,
    );
    const paged = await call(t, 'GET', '/api/duplicates/contacts?rule=name&limit=1', admin);
    expect(paged.json<{ groups: unknown[]; hasMore: boolean }>()).toMatchObject({ hasMore: true });
    expect(paged.json<{ groups: unknown[] }>().groups).toHaveLength(1);
    expect((await call(t, 'GET', '/api/duplicates/contacts', user)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/duplicates/agencies?rule=email', admin)).statusCode).toBe(200);
  });
});
