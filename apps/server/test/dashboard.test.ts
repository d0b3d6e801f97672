import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createContact, customerPayload, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => t.close());

interface Activity {
  id: number;
  type: 'created' | 'conversion' | 'edited';
  timestamp: string;
  user: { name: string } | null;
  contactName: string;
  contactType: 'LEAD' | 'CUSTOMER';
  name: string;
  surname: string;
  owner: { name: string };
  createdAt: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

const count = async (type: string, who: SignedIn = user) => {
  const res = await call(t, 'GET', `/api/contacts/count?type=${type}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>();
};
const recent = async (limit?: number | string, who: SignedIn = user) => {
  const res = await call(
    t,
    'GET',
    `/api/contacts/recent${limit === undefined ? '' : `?limit=${limit}`}`,
    who,
  );
  expect(res.statusCode).toBe(200);
  return res.json<Activity[]>();
};

describe('GET /api/contacts/count', () => {
  it('counts active leads and customers separately', async () => {
    expect(await count('lead')).toEqual({ count: 0 });
    expect(await count('customer')).toEqual({ count: 0 });
    await createContact(t, user, leadPayload());
    await createContact(t, user, leadPayload());
    const lead = await createContact(
      t,
      user,
      leadPayload({ nationality: 'Turkish', residency: 'TR', gender: 'MALE' }),
    );
    await createContact(t, user, customerPayload());
    expect(await count('lead')).toEqual({ count: 3 });
    expect(await count('customer')).toEqual({ count: 1 });

    await call(t, 'PUT', `/api/contacts/${lead.id}/convert`, user, {});
    expect(await count('lead')).toEqual({ count: 2 });
    expect(await count('customer')).toEqual({ count: 2 });

    await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin);
    expect(await count('customer')).toEqual({ count: 1 });
    expect((await count('LEAD', admin)).count).toBe(2);
  });

  it('stays equal to a count of the table after statements that write many rows at once', async () => {
    // The counters are kept by triggers; statements that touch many rows (a bulk load, a cleanup,
    // a rename reaching every contact of a user) must move them by the net change only.
    const template = await t.db
      .selectFrom('contacts')
      .selectAll()
      .where('type', '=', 'LEAD')
      .executeTakeFirstOrThrow();
    // The id and the generated search-folded name are the database's to make.
    const { id: _id, ...columns } = template;
    await t.db
      .insertInto('contacts')
      .values([
        { ...columns, is_active: 1 },
        { ...columns, is_active: 1 },
        { ...columns, type: 'CUSTOMER', is_active: 0 },
      ])
      .execute();
    await t.db.updateTable('contacts').set({ notes: '<p>touched</p>' }).execute();
    await t.db
      .updateTable('contacts')
      .set({ is_active: 0 })
      .where('id', '>', template.id)
      .where('type', '=', 'LEAD')
      .execute();
    const actual = await t.db
      .selectFrom('contacts')
      .select(['type', 'is_active', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['type', 'is_active'])
      .orderBy('type')
      .orderBy('is_active')
      .execute();
    const kept = await t.db
      .selectFrom('contact_counts')
      .select(['type', 'is_active', 'n'])
      .where('n', '!=', 0)
      .orderBy('type')
      .orderBy('is_active')
      .execute();
    expect(kept.map((row) => ({ ...row, n: Number(row.n) }))).toEqual(
      actual.map((row) => ({ ...row, n: Number(row.n) })),
    );
    await t.db.deleteFrom('contacts').where('id', '>', template.id).execute();
    expect((await count('lead')).count).toBe(
      Number(
        (
          await t.db
            .selectFrom('contacts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type', '=', 'LEAD')
            .where('is_active', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('agrees with the list’s total', async () => {
    for (const type of ['lead', 'customer']) {
      const list = await call(t, 'GET', `/api/contacts?type=${type}&limit=1`, user);
      expect((await count(type)).count).toBe(Number(list.headers['x-total-count']));
    }
  });

  it.each(['', '?type=', '?type=partner'])(
    'refuses %j with 400 "type must be lead or customer"',
    async (query) => {
      const res = await call(t, 'GET', `/api/contacts/count${query}`, user);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('type must be lead or customer');
    },
  );

  it('is 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/contacts/count?type=lead')).statusCode).toBe(401);
  });
});

describe('GET /api/contacts/recent', () => {
  it('answers creation, conversion and edit activities, newest first, with user, contact, field and values', async () => {
    const contact = await createContact(
      t,
      user,
      leadPayload({ name: 'Recent', surname: 'Person', nationality: 'Turkish' }),
    );
    const edited = await call(t, 'PUT', `/api/contacts/${contact.id}`, admin, {
      ...leadPayload({ name: 'Recent', surname: 'Person', nationality: 'Turkish' }),
      city: 'Girne',
    });
    expect(edited.statusCode).toBe(200);
    const converted = await call(t, 'PUT', `/api/contacts/${contact.id}/convert`, admin, {
      residency: 'North Cyprus',
      gender: 'MALE',
    });
    expect(converted.statusCode).toBe(200);

    const activities = (await recent(50)).filter((a) => a.contactName === 'Recent Person');
    const created = activities.find((a) => a.type === 'created');
    expect(created).toMatchObject({
      type: 'created',
      user: { name: 'Umut User' },
      contactName: 'Recent Person',
      name: 'Recent',
      surname: 'Person',
      owner: { name: 'Umut User' },
      createdAt: contact.createdAt,
      timestamp: contact.createdAt,
    });
    expect(['LEAD', 'CUSTOMER']).toContain(created?.contactType);

    expect(activities.find((a) => a.type === 'edited' && a.field === 'city')).toMatchObject({
      user: { name: 'Alice Admin' },
      contactName: 'Recent Person',
      field: 'city',
      oldValue: null,
      newValue: 'Girne',
    });
    expect(activities.find((a) => a.type === 'conversion')).toMatchObject({
      user: { name: 'Alice Admin' },
      contactName: 'Recent Person',
      contactType: 'CUSTOMER',
      oldValue: 'LEAD',
      newValue: 'CUSTOMER',
    });
    expect(activities.filter((a) => a.type === 'edited' && a.field === 'residency')).toEqual([
      expect.objectContaining({ oldValue: null, newValue: 'North Cyprus', user: { name: 'Alice Admin' } }),
    ]);

    // Newest first: the conversion came last, the creation first.
    const order = activities.map((a) => a.type);
    expect(order.indexOf('conversion')).toBeLessThan(order.indexOf('created'));
    expect(order.at(-1)).toBe('created');
    expect(order.indexOf('conversion')).toBeLessThan(
      activities.findIndex((a) => a.type === 'edited' && a.field === 'city'),
    );
  });

  it('puts the latest activity of all contacts first, timestamps never increasing', async () => {
    const latest = await createContact(t, user, leadPayload({ name: 'Newest', surname: 'Contact' }));
    const activities = await recent();
    expect(activities[0]).toMatchObject({ type: 'created', contactName: 'Newest Contact' });
    expect(activities[0]!.timestamp).toBe(latest.createdAt);
    const times = activities.map((a) => Date.parse(a.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(activities.map((a) => a.id)).size).toBe(activities.length);
  });

  it('honours the limit and answers at most 50 by default', async () => {
    for (let i = 0; i < 55; i += 1) await createContact(t, user, leadPayload({ name: `Bulk${i}` }));
    expect(await recent(3)).toHaveLength(3);
    expect(await recent(1)).toHaveLength(1);
    expect(await recent(50)).toHaveLength(50);
    expect(await recent()).toHaveLength(50);
    const three = await recent(3);
    expect(three.map((a) => a.contactName)).toEqual(['Bulk54 Veli', 'Bulk53 Veli', 'Bulk52 Veli']);
  });

  it.each(['0', '-1', '51', 'many'])('refuses limit=%s with 400', async (limit) => {
    const res = await call(t, 'GET', `/api/contacts/recent?limit=${limit}`, user);
    expect(res.statusCode).toBe(400);
  });

  it('is 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/contacts/recent?limit=50')).statusCode).toBe(401);
  });
});
