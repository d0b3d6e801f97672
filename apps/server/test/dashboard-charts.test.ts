import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStart } from '../src/modules/dashboard/dashboard-charts.service.js';
import { call, createContact, customerPayload, insertAgency, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

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
let harbour: number;
let coral: number;
let phone = 0;
function nextPhone(): string {
  phone += 1;
  return `+90 532 100 00 ${String(phone).padStart(2, '0')}`;
}

const charts = async (who: SignedIn) => {
  const res = await call(t, 'GET', '/api/dashboard/charts', who);
  expect(res.statusCode).toBe(200);
  return res.json<Charts>();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  harbour = await insertAgency(t, 'Harbour Homes');
  coral = await insertAgency(t, 'Coral Estates');

  for (const source of ['Facebook', 'Facebook', 'Referral', 'Google Ads']) {
    await createContact(t, user, leadPayload({ surname: `From ${source}`, phone: nextPhone(), source }));
  }
  // Referred customers: two through Harbour, one through Coral; one of Harbour's is later deactivated.
  const referred = [harbour, harbour, coral];
  const made = [];
  for (const agencyId of referred) {
    made.push(
      await createContact(
        t,
        user,
        customerPayload({ surname: 'Referred', phone: nextPhone(), source: null, agencyId }),
      ),
    );
  }
  // A Facebook lead converted to a customer, and one Facebook lead deactivated.
  const converting = await createContact(t, user, leadPayload({ surname: 'Converting', phone: nextPhone() }));
  const converted = await call(t, 'PUT', `/api/contacts/${converting.id}/convert`, admin, {
    nationality: 'Turkish',
    residency: 'North Cyprus',
    gender: 'MALE',
  });
  expect(converted.statusCode).toBe(200);
  const dropped = await createContact(t, user, leadPayload({ surname: 'Dropped', phone: nextPhone() }));
  expect((await call(t, 'PUT', `/api/contacts/${dropped.id}/deactivate`, admin)).statusCode).toBe(200);
  expect((await call(t, 'PUT', `/api/contacts/${made[0]?.id}/deactivate`, admin)).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('GET /api/dashboard/charts', () => {
  it('counts active leads by week of creation and conversions per week over twelve weeks, this week last', async () => {
    const { leadsPerWeek, conversionsPerWeek } = await charts(user);
    expect(leadsPerWeek).toHaveLength(12);
    // The active leads the leads list shows: the converted and the deactivated ones are not among them.
    expect(leadsPerWeek.at(-1)).toEqual({ week: weekStart(new Date()), count: 4 });
    expect(leadsPerWeek.slice(0, 11).every((week) => week.count === 0)).toBe(true);
    expect(conversionsPerWeek.at(-1)).toEqual({ week: weekStart(new Date()), count: 1 });
    // Consecutive Mondays.
    const days = leadsPerWeek.map((week) => Date.parse(`${week.week}T00:00:00Z`));
    expect(days.slice(1).every((day, index) => day - (days[index] as number) === 7 * 86_400_000)).toBe(true);
  });

  it('shows each change at the next read, though unchanged figures are reused', async () => {
    const before = await charts(admin);
    expect(await charts(user)).toEqual(before);
    const lead = await createContact(t, user, leadPayload({ surname: 'Fresh', phone: nextPhone() }));
    const added = await charts(admin);
    expect(added.leadsPerWeek.at(-1)?.count).toBe((before.leadsPerWeek.at(-1)?.count ?? 0) + 1);
    expect((await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(await charts(admin)).toEqual(before);
  });

  it('breaks leads down by source, counting the active leads the lists show, for every role', async () => {
    for (const who of [user, admin]) {
      expect((await charts(who)).leadsBySource).toEqual([
        { source: 'Facebook', count: 2 },
        { source: 'Google Ads', count: 1 },
        { source: 'Referral', count: 1 },
      ]);
    }
  });

  it('ranks agencies by the customers they referred, and gives the share of customers', async () => {
    const forUser = await charts(user);
    // A tie keeps the agencies in the order of their ids.
    expect(forUser.topAgencies).toEqual([
      { id: harbour, name: 'Harbour Homes', count: 1 },
      { id: coral, name: 'Coral Estates', count: 1 },
    ]);
    // Active: 4 leads and 3 customers (two referred, one converted).
    expect(forUser.conversionRate).toEqual({ customers: 3, contacts: 7, percent: 42.9 });
    // An admin's figures are the same: the lists they link to show active contacts to admins too.
    const forAdmin = await charts(admin);
    expect(forAdmin.topAgencies).toEqual(forUser.topAgencies);
    expect(forAdmin.conversionRate).toEqual({ customers: 3, contacts: 7, percent: 42.9 });
  });

  it('moves a contact between sources when its source is edited', async () => {
    const lead = await createContact(
      t,
      user,
      leadPayload({ surname: 'Switching', phone: nextPhone(), source: 'Instagram' }),
    );
    expect((await charts(user)).leadsBySource).toContainEqual({ source: 'Instagram', count: 1 });
    const edited = await call(t, 'PUT', `/api/contacts/${lead.id}`, admin, {
      ...leadPayload({ surname: 'Switching', phone: lead.phone, source: 'Walk-in' }),
    });
    expect(edited.statusCode).toBe(200);
    const sources = (await charts(user)).leadsBySource;
    expect(sources).toContainEqual({ source: 'Walk-in', count: 1 });
    expect(sources.find((row) => row.source === 'Instagram')).toBeUndefined();
  });

  it("moves a customer between agencies in both roles' rankings when its agency is edited", async () => {
    const moving = await insertAgency(t, 'Moving From');
    const target = await insertAgency(t, 'Moving To');
    const customer = await createContact(
      t,
      user,
      customerPayload({ surname: 'Moving', phone: nextPhone(), source: null, agencyId: moving }),
    );
    const countOf = (ranking: Charts['topAgencies'], id: number) =>
      ranking.find((agency) => agency.id === id)?.count;
    expect(countOf((await charts(admin)).topAgencies, moving)).toBe(1);
    const edited = await call(t, 'PUT', `/api/contacts/${customer.id}`, admin, {
      ...customerPayload({ surname: 'Moving', phone: customer.phone, source: null, agencyId: target }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const who of [admin, user]) {
      const ranking = (await charts(who)).topAgencies;
      expect(countOf(ranking, target)).toBe(1);
      expect(countOf(ranking, moving)).toBeUndefined();
    }
    // Deactivated, it leaves the customers list, and so the ranking, for everyone.
    expect((await call(t, 'PUT', `/api/contacts/${customer.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(countOf((await charts(admin)).topAgencies, target)).toBeUndefined();
    expect(countOf((await charts(user)).topAgencies, target)).toBeUndefined();
  });

  it('a source slice links to a list the server filters by that source', async () => {
    const res = await call(t, 'GET', '/api/contacts?type=lead&filter.source=equals:Referral', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('a week bar links to lists the server filters by that week: leads created, customers converted', async () => {
    const week = weekStart(new Date());
    const next = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const before = new Date(Date.parse(`${week}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const total = async (path: string) => {
      const res = await call(t, 'GET', path, user);
      expect(res.statusCode).toBe(200);
      return res.headers['x-total-count'];
    };
    // The user's active leads (the converted and the dropped ones are no longer listed as leads).
    expect(await total(`/api/contacts?type=lead&filter.createdAt=equals:${week}/${next}`)).toBe('5');
    expect(await total(`/api/contacts?type=lead&filter.createdAt=equals:${before}/${week}`)).toBe('0');
    const converted = await call(
      t,
      'GET',
      `/api/contacts?type=customer&filter.convertedAt=equals:${week}/${next}`,
      user,
    );
    expect(converted.headers['x-total-count']).toBe('1');
    expect(converted.json<{ surname: string }[]>().map((row) => row.surname)).toEqual(['Converting']);
    expect(await total(`/api/contacts?type=customer&filter.convertedAt=equals:${before}/${week}`)).toBe('0');
  });

  it('refuses a malformed week interval, a conversion filter that is not one, and a sort by conversion', async () => {
    for (const [path, message] of [
      [
        '/api/contacts?filter.createdAt=equals:2026-11-23/2026-11-16',
        'A date interval must read YYYY-MM-DD/YYYY-MM-DD, its first day before its second',
      ],
      [
        '/api/contacts?filter.convertedAt=equals:2026-02-30/2026-03-02',
        'A date interval must read YYYY-MM-DD/YYYY-MM-DD, its first day before its second',
      ],
      [
        '/api/contacts?filter.convertedAt=contains:2026-11',
        'This filter takes a date interval: YYYY-MM-DD/YYYY-MM-DD',
      ],
      ['/api/contacts?sort=convertedAt', 'Unknown sort column: convertedAt'],
    ] as const) {
      const res = await call(t, 'GET', path, user);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('is for signed-in callers only', async () => {
    const res = await call(t, 'GET', '/api/dashboard/charts');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBeTruthy();
  });
});

describe('GET /api/dashboard/charts: top agencies among many', () => {
  // Its own database: an agency whose customers are split between the active states ranks by its
  // active ones only, for an admin as for a user, since the customers list it links to shows those.
  let own: TestApp;
  let ownAdmin: SignedIn;
  let ownUser: SignedIn;
  let ownPhone = 0;
  const customersOf = async (agencyId: number, active: number, inactive: number) => {
    for (let i = 0; i < active + inactive; i++) {
      ownPhone += 1;
      const made = await createContact(
        own,
        ownUser,
        customerPayload({
          surname: 'Referred',
          phone: `+90 533 200 ${String(ownPhone).padStart(4, '0')}`,
          source: null,
          agencyId,
        }),
      );
      if (i >= active) {
        const res = await call(own, 'PUT', `/api/contacts/${made.id}/deactivate`, ownAdmin);
        expect(res.statusCode).toBe(200);
      }
    }
  };
  let mixed: number;
  const steady: number[] = [];

  beforeAll(async () => {
    own = await createTestApp();
    ownAdmin = await signIn(own, { role: 'admin' });
    ownUser = await signIn(own);
    // 22 agencies with 3 active customers each, 22 with 3 deactivated ones each, and one with 2 and 2:
    // the last is first for an admin (4) though it is in neither state's 20 largest totals.
    for (let i = 0; i < 22; i++) {
      const id = await insertAgency(own, `Steady ${i}`);
      steady.push(id);
      await customersOf(id, 3, 0);
    }
    for (let i = 0; i < 22; i++) await customersOf(await insertAgency(own, `Former ${i}`), 0, 3);
    mixed = await insertAgency(own, 'Mixed Estates');
    await customersOf(mixed, 2, 2);
  }, 120_000);
  afterAll(async () => own.close());

  it('ranks by active customers for everyone, as the customers list counts them', async () => {
    // Ties are ranked by the agency id read as text, as before.
    const expected = [...steady].sort((a, b) => String(a).localeCompare(String(b))).slice(0, 5);
    for (const who of [ownAdmin, ownUser]) {
      const ranking = (await (await call(own, 'GET', '/api/dashboard/charts', who)).json<Charts>())
        .topAgencies;
      expect(ranking.map((agency) => agency.id)).toEqual(expected);
      expect(ranking.every((agency) => agency.count === 3)).toBe(true);
      expect(ranking.some((agency) => agency.id === mixed)).toBe(false);
    }
  });
});
