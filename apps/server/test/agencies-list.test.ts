import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgencyJson, api, createAgency, formOf } from './helpers/agencies.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
const ids: Record<string, number> = {};

/**
 * Five agencies, created in this order:
 *   alpha Realty   (main, COMPANY,    10 %,    Kyrenia,   by Alice Admin)
 *   Beta Homes     (under alpha,      INDIVIDUAL, 12.5 %, Nicosia,  by Umut User)
 *   gamma_Estates  (under Beta, COMPANY, 0 %,  Famagusta, by Umut User, inactive)
 *   Delta 100%     (under alpha,      INDIVIDUAL, 99.99 %, Kyrenia, by Alice Admin)
 *   epsilon        (main, COMPANY,    5 %,     Istanbul, Turkey, by Umut User)
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  ids.alpha = (
    await createAgency(t, admin, {
      name: 'alpha Realty',
      email: 'alpha@one.test',
      officeNumber: '905330000001',
      type: 'COMPANY',
      city: 'Kyrenia',
      commissionRate: 10,
    })
  ).id;
  ids.beta = (
    await createAgency(t, user, {
      name: 'Beta Homes',
      email: 'beta@two.test',
      officeNumber: '905330000002',
      type: 'INDIVIDUAL',
      city: 'Nicosia',
      commissionRate: 12.5,
      parentAgencyId: ids.alpha,
    })
  ).id;
  ids.gamma = (
    await createAgency(t, user, {
      name: 'gamma_Estates',
      email: 'GAMMA@one.test',
      officeNumber: '905330000003',
      type: 'COMPANY',
      city: 'Famagusta',
      commissionRate: 0,
      parentAgencyId: ids.beta,
    })
  ).id;
  ids.delta = (
    await createAgency(t, admin, {
      name: 'Delta 100%',
      email: 'delta@three.test',
      officeNumber: '905330000004',
      type: 'INDIVIDUAL',
      city: 'Kyrenia',
      commissionRate: 99.99,
      parentAgencyId: ids.alpha,
    })
  ).id;
  ids.epsilon = (
    await createAgency(t, user, {
      name: 'epsilon',
      email: 'eps@two.test',
      officeNumber: '905330000005',
      type: 'COMPANY',
      city: 'Istanbul',
      country: 'Turkey',
      commissionRate: 5,
    })
  ).id;
  const off = await api(t, 'PUT', `/api/agencies/${ids.gamma}/status/deactivate`, admin);
  expect(off.statusCode).toBe(200);
});
afterAll(async () => t.close());

const nameOf: Record<string, string> = {
  alpha: 'alpha Realty',
  beta: 'Beta Homes',
  gamma: 'gamma_Estates',
  delta: 'Delta 100%',
  epsilon: 'epsilon',
};

async function list(query: string, who: SignedIn = user) {
  const res = await api(t, 'GET', `/api/agencies${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<AgencyJson[]>();
  return { rows, names: rows.map((row) => row.name), total: Number(res.headers['x-total-count']) };
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const filter = (column: string, mode: string, value: string) =>
  `filter.${column}=${encodeURIComponent(`${mode}:${value}`)}`;

describe('GET /api/agencies', () => {
  it('lists every agency, active or not, by name ignoring case, with the total in X-Total-Count', async () => {
    const { names, total } = await list('');
    expect(names).toEqual(['alpha Realty', 'Beta Homes', 'Delta 100%', 'epsilon', 'gamma_Estates']);
    expect(total).toBe(5);
  });

  it('answers the list columns: level (parent), created by, status', async () => {
    const { rows } = await list('sort=name');
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['Beta Homes']).toMatchObject({
      id: ids.beta,
      email: 'beta@two.test',
      officeNumber: '905330000002',
      type: 'INDIVIDUAL',
      commissionRate: 12.5,
      parentAgencyId: ids.alpha,
      parentAgency: { id: ids.alpha, name: 'alpha Realty' },
      createdBy: 'Umut User',
      isActive: true,
    });
    expect(byName['alpha Realty']).toMatchObject({ parentAgency: null, createdBy: 'Alice Admin' });
    expect(byName.gamma_Estates?.isActive).toBe(false);
  });

  it('is the same for a non-admin and an admin', async () => {
    expect((await list('', admin)).names).toEqual((await list('', user)).names);
  });

  it('answers 401 without a session', async () => {
    expect((await api(t, 'GET', '/api/agencies', null)).statusCode).toBe(401);
  });
});

describe('sorting', () => {
  it.each([
    ['name', 'asc', ['alpha', 'beta', 'delta', 'epsilon', 'gamma']],
    ['name', 'desc', ['gamma', 'epsilon', 'delta', 'beta', 'alpha']],
    ['email', 'asc', ['alpha', 'beta', 'delta', 'epsilon', 'gamma']],
    ['officeNumber', 'desc', ['epsilon', 'delta', 'gamma', 'beta', 'alpha']],
    ['commissionRate', 'asc', ['gamma', 'epsilon', 'alpha', 'beta', 'delta']],
    ['commissionRate', 'desc', ['delta', 'beta', 'alpha', 'epsilon', 'gamma']],
    ['isActive', 'asc', ['gamma', 'alpha', 'beta', 'delta', 'epsilon']],
    ['createdAt', 'asc', ['alpha', 'beta', 'gamma', 'delta', 'epsilon']],
    ['createdAt', 'desc', ['epsilon', 'delta', 'gamma', 'beta', 'alpha']],
    // Ties keep creation order (ascending) or its reverse (descending).
    ['type', 'asc', ['alpha', 'gamma', 'epsilon', 'beta', 'delta']],
    ['createdBy', 'asc', ['alpha', 'delta', 'beta', 'gamma', 'epsilon']],
    // An agency without a parent reads (and sorts as) Main.
    ['level', 'asc', ['beta', 'delta', 'gamma', 'alpha', 'epsilon']],
    ['level', 'desc', ['epsilon', 'alpha', 'gamma', 'delta', 'beta']],
    ['parentAgencyId', 'asc', ['alpha', 'epsilon', 'beta', 'delta', 'gamma']],
  ])('sorts by %s %s', async (sort, order, expected) => {
    const { names } = await list(`sort=${sort}&order=${order}`);
    if (sort === 'parentAgencyId') {
      // Where NULL sorts is the engine's business; the parents' order is not.
      expect(names.filter((n) => n !== 'alpha Realty' && n !== 'epsilon')).toEqual(
        expected.slice(2).map((key) => nameOf[key]),
      );
      return;
    }
    expect(names).toEqual(expected.map((key) => nameOf[key]));
  });

  it('sorts ascending when no order is given', async () => {
    expect((await list('sort=commissionRate')).names[0]).toBe('gamma_Estates');
  });
});

describe('paging', () => {
  it('pages with limit and offset and keeps the total', async () => {
    const first = await list('sort=name&limit=2');
    const second = await list('sort=name&limit=2&offset=2');
    const third = await list('sort=name&limit=2&offset=4');
    expect([first.names, second.names, third.names]).toEqual([
      ['alpha Realty', 'Beta Homes'],
      ['Delta 100%', 'epsilon'],
      ['gamma_Estates'],
    ]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    const beyond = await list('limit=2&offset=10');
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(5);
  });
});

describe('search (q)', () => {
  it.each([
    ['realty', ['alpha Realty']],
    ['ALPHA', ['alpha Realty']],
    ['al', ['alpha Realty']],
    ['one.test', ['alpha Realty', 'gamma_Estates']],
    ['two.test', ['Beta Homes', 'epsilon']],
    ['0000003', ['gamma_Estates']],
    ['kyrenia', ['alpha Realty', 'Delta 100%']],
    ['nicosia', ['Beta Homes']],
    ['turkey', ['epsilon']],
    ['istanbul', ['epsilon']],
    ['100%', ['Delta 100%']],
    ['%', ['Delta 100%']],
    ['_', ['gamma_Estates']],
    ['a_e', ['gamma_Estates']],
    ['  homes  ', ['Beta Homes']],
    ['"', []],
    ['nothing like this', []],
  ])('q=%j finds %j', async (text, expected) => {
    const { names, total } = await list(`${q(text)}&sort=name`);
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('treats search syntax as plain text', async () => {
    for (const text of ['"alpha"', 'alpha OR beta', 'beta*', 'NEAR(alpha', "alpha' --"]) {
      const res = await api(t, 'GET', `/api/agencies?${q(text)}`, user);
      expect(res.statusCode, text).toBe(200);
      expect(res.json(), text).toEqual([]);
    }
  });
});

describe('column filters', () => {
  it.each([
    [filter('name', 'contains', 'HOMES'), ['Beta Homes']],
    [
      filter('name', 'containsIgnoreCase', 'e'),
      ['alpha Realty', 'Beta Homes', 'Delta 100%', 'epsilon', 'gamma_Estates'],
    ],
    [filter('name', 'equals', 'beta homes'), ['Beta Homes']],
    [filter('name', 'equals', 'beta'), []],
    [filter('name', 'contains', '%'), ['Delta 100%']],
    [filter('email', 'contains', 'gamma@'), ['gamma_Estates']],
    [filter('officeNumber', 'contains', '0005'), ['epsilon']],
    [filter('type', 'equals', 'INDIVIDUAL'), ['Beta Homes', 'Delta 100%']],
    [filter('type', 'equals', 'company'), ['alpha Realty', 'epsilon', 'gamma_Estates']],
    [filter('isActive', 'equals', 'false'), ['gamma_Estates']],
    [filter('isActive', 'equals', 'true'), ['alpha Realty', 'Beta Homes', 'Delta 100%', 'epsilon']],
    [filter('level', 'containsIgnoreCase', 'ALPHA'), ['Beta Homes', 'Delta 100%']],
    [filter('level', 'equals', 'beta homes'), ['gamma_Estates']],
    [filter('level', 'containsIgnoreCase', 'Main'), ['alpha Realty', 'epsilon']],
    [filter('level', 'equals', 'main'), ['alpha Realty', 'epsilon']],
    [filter('createdBy', 'contains', 'alice'), ['alpha Realty', 'Delta 100%']],
    [filter('createdBy', 'equals', 'Umut User'), ['Beta Homes', 'epsilon', 'gamma_Estates']],
  ])('%s finds %j', async (query, expected) => {
    const { names, total } = await list(`${query}&sort=name`);
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('filters by parent id', async () => {
    const { names } = await list(`${filter('parentAgencyId', 'equals', String(ids.alpha))}&sort=name`);
    expect(names).toEqual(['Beta Homes', 'Delta 100%']);
  });

  it('filters the commission rate by the percentage the list shows', async () => {
    expect((await list(filter('commissionRate', 'equals', '12.5'))).names).toEqual(['Beta Homes']);
    expect((await list(filter('commissionRate', 'equals', '99.99'))).names).toEqual(['Delta 100%']);
    expect((await list(filter('commissionRate', 'equals', '0'))).names).toEqual(['gamma_Estates']);
  });

  it('combines search, filters and sort', async () => {
    const { names, total } = await list(
      `${q('kyrenia')}&${filter('type', 'equals', 'INDIVIDUAL')}&${filter('isActive', 'equals', 'true')}`,
    );
    expect(names).toEqual(['Delta 100%']);
    expect(total).toBe(1);
    const sorted = await list(`${filter('type', 'equals', 'COMPANY')}&sort=commissionRate&order=desc`);
    expect(sorted.names).toEqual(['alpha Realty', 'epsilon', 'gamma_Estates']);
  });
});

describe('list parameter errors', () => {
  it.each([
    ['sort=colour', 'Unknown sort column: colour'],
    ['filter.colour=equals:red', 'Unknown filter column: colour'],
    [
      'filter.name=like:x',
      'A filter must read <mode>:<value> with mode equals, contains or containsIgnoreCase',
    ],
    ['filter.isActive=equals:maybe', 'A status filter must be true or false'],
    ['filter.commissionRate=equals:lots', 'A number filter needs a number'],
    ['order=up&sort=name', 'order must be asc or desc'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['offset=-1', 'offset must be at least 0'],
    ['filter.name=equals:a&filter.name=equals:b', 'Give one filter per column: name'],
  ])('answers %s with 400 "%s"', async (query, message) => {
    const res = await api(t, 'GET', `/api/agencies?${query}`, user);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });
});

// Last, because it adds agencies of its own.
describe('a parent’s rename', () => {
  it('reaches the level column of its children', async () => {
    const parent = await createAgency(t, user, { name: 'Zulu Parent', email: 'zulu@four.test' });
    const child = await createAgency(t, user, {
      name: 'Zulu Child',
      email: 'zchild@four.test',
      parentAgencyId: parent.id,
    });
    const res = await api(
      t,
      'PUT',
      `/api/agencies/${parent.id}`,
      user,
      formOf(parent, { name: 'Yankee Parent' }),
    );
    expect(res.statusCode).toBe(200);
    const { rows } = await list(filter('level', 'contains', 'yankee'));
    expect(rows.map((row) => [row.id, row.parentAgency?.name])).toEqual([[child.id, 'Yankee Parent']]);
    expect((await list(filter('level', 'contains', 'zulu'))).rows).toEqual([]);
    const sorted = await list('sort=level&order=desc&limit=1');
    expect(sorted.names).toEqual(['Zulu Child']);
    // The search text follows the rename too.
    expect((await list(q('yankee parent'))).rows.map((row) => row.id)).toEqual([parent.id]);
    expect((await list(q('zulu parent'))).rows).toEqual([]);
  });
});

describe('number filters never fail on the server', () => {
  it('answer 200 or 400 for fractions, huge numbers and contains, never 500', async () => {
    const serverErrors: string[] = [];
    for (const query of [
      filter('parentAgencyId', 'equals', '1.5'),
      filter('parentAgencyId', 'equals', '99999999999'),
      filter('commissionRate', 'equals', '12.5'),
      filter('commissionRate', 'equals', '1e20'),
      filter('commissionRate', 'contains', '12'),
    ]) {
      const res = await api(t, 'GET', `/api/agencies?${query}`, user);
      if (res.statusCode >= 500) serverErrors.push(decodeURIComponent(query));
      else expect([200, 400], query).toContain(res.statusCode);
    }
    expect(serverErrors).toEqual([]);
  });
});

describe('names in other alphabets and renamed creators', () => {
  it('matches the Turkish capital İ as i in search, filters and sort', async () => {
    const ipek = await createAgency(t, user, { name: 'İpek Emlak', email: 'ipek@five.test', city: 'İskele' });
    for (const query of [q('ipek'), q('İPEK'), q('iskele'), filter('name', 'contains', 'ipek emlak')]) {
      expect(
        (await list(query)).rows.map((row) => row.id),
        query,
      ).toEqual([ipek.id]);
    }
    const sorted = (await list('sort=name')).names;
    expect(sorted.indexOf('İpek Emlak')).toBe(sorted.indexOf('gamma_Estates') + 1);
  });

  it('sorts and filters the Created By column by the creator’s current name', async () => {
    const creator = await signIn(t, { firstName: 'Rita', surname: 'Before' });
    const agency = await createAgency(t, creator, { name: 'Renamed Creator Co', email: 'rc@six.test' });
    const rename = await api(t, 'PUT', '/api/users/me', creator, {
      name: 'Nora After',
      email: creator.email,
    });
    expect(rename.statusCode).toBe(200);
    const shown = (await list(filter('name', 'equals', 'Renamed Creator Co'))).rows[0];
    expect(shown?.createdBy).toBe('Nora After');
    expect((await list(filter('createdBy', 'contains', 'nora after'))).rows.map((row) => row.id)).toEqual([
      agency.id,
    ]);
    expect((await list(filter('createdBy', 'contains', 'rita'))).rows).toEqual([]);
  });
});
