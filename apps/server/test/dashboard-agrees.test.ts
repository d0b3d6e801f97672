import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStart } from '../src/modules/dashboard/dashboard-charts.service.js';
import { createAgency } from './helpers/agencies.js';
import { call, createContact, customerPayload, leadPayload } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface Charts {
  leadsPerWeek: { week: string; count: number }[];
  conversionsPerWeek: { week: string; count: number }[];
  leadsBySource: { source: string | null; count: number }[];
  topAgencies: { id: number; name: string; count: number }[];
  conversionRate: { customers: number; contacts: number; percent: number };
}

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let phone = 0;
const nextPhone = () => `+90 534 100 ${String(++phone).padStart(4, '0')}`;

const DAY_MS = 86_400_000;
const thisWeek = () => {
  const monday = weekStart(new Date());
  const next = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  return `${monday}/${next}`;
};

async function listTotal(who: SignedIn, path: string): Promise<number> {
  const res = await call(t, 'GET', path, who);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
}
async function count(who: SignedIn, path: string): Promise<number> {
  const res = await call(t, 'GET', path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}
async function charts(who: SignedIn): Promise<Charts> {
  return (await call(t, 'GET', '/api/dashboard/charts', who)).json<Charts>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
  user = await signIn(t);
  const harbour = await createAgency(t, admin, { name: 'Harbour Homes' });
  const retired = await createAgency(t, admin, { name: 'Retired Realty' });
  expect((await call(t, 'PUT', `/api/agencies/${retired.id}/status/deactivate`, admin)).statusCode).toBe(200);
  for (const source of ['Facebook', 'Facebook', 'Referral']) {
    await createContact(t, user, leadPayload({ surname: source, phone: nextPhone(), source }));
  }
  const customers = [];
  for (let i = 0; i < 3; i++) {
    customers.push(
      await createContact(
        t,
        user,
        customerPayload({ surname: 'Referred', phone: nextPhone(), source: null, agencyId: harbour.id }),
      ),
    );
  }
  // A deactivated customer and a deactivated lead: in no list, so in no figure.
  expect((await call(t, 'PUT', `/api/contacts/${customers[0]!.id}/deactivate`, admin)).statusCode).toBe(200);
  const dropped = await createContact(t, user, leadPayload({ surname: 'Dropped', phone: nextPhone() }));
  expect((await call(t, 'PUT', `/api/contacts/${dropped.id}/deactivate`, admin)).statusCode).toBe(200);
  // A conversion through the API.
  const converting = await createContact(t, user, leadPayload({ surname: 'Converting', phone: nextPhone() }));
  const converted = await call(t, 'PUT', `/api/contacts/${converting.id}/convert`, user, {
    nationality: 'Turkish',
    residency: 'North Cyprus',
    gender: 'MALE',
  });
  expect(converted.statusCode, converted.body).toBe(200);
});
afterAll(async () => t.close());

describe('the dashboard agrees with itself and with the lists it links to', () => {
  it('gives each card the total of the list it opens, for an admin and for a user', async () => {
    for (const who of [admin, user]) {
      const leads = await count(who, '/api/contacts/count?type=lead');
      const customers = await count(who, '/api/contacts/count?type=customer');
      expect(leads).toBe(await listTotal(who, '/api/contacts?type=lead'));
      expect(customers).toBe(await listTotal(who, '/api/contacts?type=customer'));
      expect([leads, customers]).toEqual([3, 3]);
      // The Agencies card counts active partners: its link opens the list filtered to them.
      const agencies = await count(who, '/api/agencies/count');
      expect(agencies).toBe(1);
      expect(agencies).toBe(await listTotal(who, '/api/agencies?filter.isActive=equals:true'));
    }
  });

  it('counts the same customers in the conversion rate as on the Customers card', async () => {
    for (const who of [admin, user]) {
      const rate = (await charts(who)).conversionRate;
      expect(rate.customers).toBe(await count(who, '/api/contacts/count?type=customer'));
      expect(rate.contacts).toBe(
        (await count(who, '/api/contacts/count?type=lead')) +
          (await count(who, '/api/contacts/count?type=customer')),
      );
      expect(rate).toEqual({ customers: 3, contacts: 6, percent: 50 });
    }
  });

  it('gives each slice and ranking the total of the list it links to', async () => {
    for (const who of [admin, user]) {
      const { leadsBySource, topAgencies } = await charts(who);
      for (const slice of leadsBySource) {
        const filter = `filter.source=equals:${encodeURIComponent(slice.source ?? '')}`;
        expect(slice.count).toBe(await listTotal(who, `/api/contacts?type=lead&${filter}`));
      }
      expect(topAgencies).toEqual([expect.objectContaining({ name: 'Harbour Homes', count: 2 })]);
      for (const agency of topAgencies) {
        const filter = `filter.agency=equals:${encodeURIComponent(agency.name)}`;
        expect(agency.count).toBe(await listTotal(who, `/api/contacts?type=customer&${filter}`));
      }
    }
  });

  it('counts this week’s conversions, as the list of customers converted this week does', async () => {
    const week = (await charts(user)).conversionsPerWeek.at(-1)!;
    expect(week.count).toBe(1);
    expect(week.count).toBe(
      await listTotal(user, `/api/contacts?type=customer&filter.convertedAt=equals:${thisWeek()}`),
    );
  });

  it('counts this week’s new leads as the list of leads created this week does', async () => {
    for (const who of [admin, user]) {
      const week = (await charts(who)).leadsPerWeek.at(-1)!;
      expect(week.count).toBe(3);
      expect(week.count).toBe(
        await listTotal(who, `/api/contacts?type=lead&filter.createdAt=equals:${thisWeek()}`),
      );
    }
  });

  it('counts a conversion recorded by its history entry alone (a data load), on the day it records', async () => {
    const loaded = await createContact(t, user, customerPayload({ surname: 'Loaded', phone: nextPhone() }));
    const before = (await charts(user)).conversionsPerWeek;
    // Three weeks ago, as a data load writes a conversion: a history entry, no change of type.
    const at = new Date(Date.now() - 21 * DAY_MS).toISOString();
    await t.db
      .insertInto('history')
      .values({
        contact_id: loaded.id,
        kind: 'conversion',
        field: 'type',
        old_value: 'LEAD',
        new_value: 'CUSTOMER',
        user_id: user.id,
        created_at: at,
      } as never)
      .execute();
    const after = (await charts(user)).conversionsPerWeek;
    const week = weekStart(new Date(at));
    const bar = (weeks: Charts['conversionsPerWeek']) => weeks.find((w) => w.week === week)?.count;
    expect(bar(after)).toBe((bar(before) ?? 0) + 1);
    const next = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
    expect(bar(after)).toBe(
      await listTotal(user, `/api/contacts?type=customer&filter.convertedAt=equals:${week}/${next}`),
    );
  });
});
