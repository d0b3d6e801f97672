import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactJson, call, createContact, insertAgency, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Paging a list at scale: keyset cursors beside offsets, totals counted up to 1,000, and the
 * one- and two-letter search. The file has a database of its own, so it knows every contact in it.
 */
let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

interface Page {
  status: number;
  rows: ContactJson[];
  total: string | undefined;
  capped: string | undefined;
  next: string | undefined;
  error: string | undefined;
}

async function list(
  path: string,
  query: Record<string, string | number>,
  who: SignedIn = bora,
): Promise<Page> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await call(t, 'GET', `${path}?${params}`, who);
  const header = (name: string) => {
    const value = res.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    status: res.statusCode,
    rows: res.statusCode === 200 ? res.json<ContactJson[]>() : [],
    total: header('x-total-count'),
    capped: header('x-total-capped'),
    next: header('x-next-cursor'),
    error: res.statusCode === 200 ? undefined : errorOf(res),
  };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** Every page of a list, following X-Next-Cursor until there is none. */
async function allByCursor(path: string, query: Record<string, string | number>): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await list(path, cursor ? { ...query, cursor } : query);
    expect(page.status).toBe(200);
    seen.push(...ids(page.rows));
    if (!page.next) return seen;
    cursor = page.next;
  }
  throw new Error('the cursor never ended');
}

async function allByOffset(path: string, query: Record<string, string | number>, limit: number) {
  const seen: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await list(path, { ...query, limit, offset });
    expect(page.status).toBe(200);
    seen.push(...ids(page.rows));
    if (page.rows.length < limit) return seen;
  }
}

const names = ['Emre', 'Deniz', 'Ayla', 'Cem', 'Burak', 'Zeynep', 'Ece', 'Ayla', 'Deniz', 'Ömer', 'Şule'];

describe('cursor and offset paging', () => {
  beforeAll(async () => {
    for (const name of ['North', 'South', 'East']) await insertAgency(t, name);
    for (const [i, name] of names.entries()) {
      await createContact(
        t,
        bora,
        leadPayload({
          name,
          surname: 'Pager',
          email: `${name.toLowerCase()}.${i}@paging.example.com`,
          phone: `4420700000${String(i).padStart(2, '0')}`,
        }),
      );
    }
  });

  const sorts: Record<string, string | number>[] = [
    {},
    { sort: 'name', order: 'asc' },
    { sort: 'name', order: 'desc' },
    { sort: 'email', order: 'asc' },
    { sort: 'phone', order: 'desc' },
    { sort: 'createdAt', order: 'asc' },
  ];
  for (const sort of sorts) {
    it(`gives the same rows in the same order either way (${JSON.stringify(sort)})`, async () => {
      const query = { type: 'lead', 'filter.name': 'contains:pager', ...sort };
      const whole = ids((await list('/api/contacts', { ...query, limit: 500 })).rows);
      expect(whole).toHaveLength(names.length);
      expect(await allByOffset('/api/contacts', query, 3)).toEqual(whole);
      expect(await allByCursor('/api/contacts', { ...query, limit: 3 })).toEqual(whole);
    });
  }

  it('answers a deep page at an offset with the rows that follow the ones before it', async () => {
    const query = { type: 'lead', sort: 'name', order: 'asc', 'filter.name': 'contains:pager' };
    const whole = ids((await list('/api/contacts', { ...query, limit: 500 })).rows);
    const page = await list('/api/contacts', { ...query, limit: 4, offset: 5 });
    expect(ids(page.rows)).toEqual(whole.slice(5, 9));
    expect(page.total).toBe(String(names.length));
  });

  it('gives a cursor only while a full page may have more after it', async () => {
    const query = { type: 'lead', 'filter.name': 'contains:pager', sort: 'name', order: 'asc' };
    expect((await list('/api/contacts', { ...query, limit: 3 })).next).toBeDefined();
    expect((await list('/api/contacts', { ...query, limit: 50 })).next).toBeUndefined();
  });

  it('skips and repeats no row while rows are added between pages', async () => {
    const query = { type: 'lead', 'filter.name': 'contains:pager' };
    for (const sort of [{}, { sort: 'name', order: 'asc' }] as Record<string, string>[]) {
      const before = ids((await list('/api/contacts', { ...query, ...sort, limit: 500 })).rows);
      const first = await list('/api/contacts', { ...query, ...sort, limit: 4 });
      // Newest first puts these above the first page; by name, one lands before and one after it.
      const added = [
        await createContact(t, bora, leadPayload({ name: 'Aaron', surname: 'Pager', phone: '447000000001' })),
        await createContact(
          t,
          bora,
          leadPayload({ name: 'Zoltan', surname: 'Pager', phone: '447000000002' }),
        ),
      ];
      const seen = [...ids(first.rows)];
      let cursor = first.next;
      while (cursor) {
        const page = await list('/api/contacts', { ...query, ...sort, limit: 4, cursor });
        seen.push(...ids(page.rows));
        cursor = page.next;
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      if ('sort' in sort)
        expect(seen).toContain(added[1]!.id); // Zoltan sorts after the first page
      else for (const row of added) expect(seen).not.toContain(row.id); // newer than the first page
    }
  });

  it('pages users, partners and products by cursor as by offset', async () => {
    for (const path of ['/api/users', '/api/agencies', '/api/products']) {
      const query = { sort: path === '/api/products' ? 'title' : 'name', order: 'asc' };
      const whole = ids((await list(path, { ...query, limit: 500 }, ada)).rows);
      const byCursor: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(path, { ...query, limit: 1, ...(cursor ? { cursor } : {}) }, ada);
        expect(page.status).toBe(200);
        byCursor.push(...ids(page.rows));
        cursor = page.next;
      } while (cursor);
      expect(byCursor).toEqual(whole);
      if (path !== '/api/products') expect(whole.length).toBeGreaterThan(1);
    }
  });

  it('refuses a cursor that is not one, or belongs to another sort', async () => {
    const bad = await list('/api/contacts', { type: 'lead', cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    expect(bad.error).toBe('Invalid cursor');
    const { next } = await list('/api/contacts', { type: 'lead', sort: 'name', order: 'asc', limit: 2 });
    const other = await list('/api/contacts', { type: 'lead', sort: 'email', order: 'asc', cursor: next! });
    expect(other.status).toBe(400);
    expect(other.error).toBe('The cursor belongs to another sort order');
  });
});

describe('short search: the start of a word of the name, of the e-mail, of the phone', () => {
  let qadir: ContactJson;
  let sahin: ContactJson;
  beforeAll(async () => {
    qadir = await createContact(
      t,
      bora,
      leadPayload({
        name: 'Yusuf',
        surname: 'Qadir',
        email: 'xq.person@short.example.org',
        phone: '905559998877',
      }),
    );
    sahin = await createContact(
      t,
      bora,
      leadPayload({ name: 'Ayşe', surname: 'Şahin', phone: '447700900123' }),
    );
  });

  const found = async (q: string) => ids((await list('/api/contacts', { type: 'lead', q, limit: 500 })).rows);

  it('matches the start of the surname and of the given name, in any case', async () => {
    expect(await found('qa')).toEqual([qadir.id]);
    expect(await found('QA')).toEqual([qadir.id]);
    expect(await found('yu')).toEqual([qadir.id]);
    expect(await found('q')).toEqual([qadir.id]);
    expect(await found('şa')).toEqual([sahin.id]);
    expect(await found('ŞA')).toEqual([sahin.id]);
  });

  it('matches the start of the e-mail and of the phone digits', async () => {
    expect(await found('xq')).toEqual([qadir.id]);
    expect(await found('90')).toContain(qadir.id);
    expect(await found('44')).toContain(sahin.id);
  });

  it('does not match two letters inside a word', async () => {
    expect(await found('di')).not.toContain(qadir.id); // qaDIr
    expect(await found('99')).not.toContain(qadir.id); // 90555 99 98877
    expect(await found('pe')).not.toContain(qadir.id); // xq.PErson
  });

  it('matches anywhere from three characters on, as before', async () => {
    expect(await found('adi')).toEqual([qadir.id]);
    expect(await found('999')).toEqual([qadir.id]);
  });

  it('counts what it matches', async () => {
    const page = await list('/api/contacts', { type: 'lead', q: 'qa' });
    expect(page.total).toBe('1');
    expect(page.capped).toBeUndefined();
  });
});

describe('totals beyond 1,000 matches', () => {
  const BULK = 1_050;
  beforeAll(async () => {
    const at = '2025-06-01T00:00:00.000Z';
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${BULK})
      insert into contacts (type, name, surname, phone, owner_id, assigned_to_id, is_active,
        name_key, name_fold, email_key, owner_key, assignee_key, search_text, created_at, updated_at)
      select 'LEAD', 'Bulkname', 'Many', '447000111222', ${bora.id}, ${bora.id}, 1,
        'bulkname many', 'bulkname many', '', 'bora bey', 'bora bey', 'bulkname many', ${at}, ${at} from n`.execute(
      t.db,
    );
  });

  it('says 1,000 and capped for a search matching more', async () => {
    const page = await list('/api/contacts', { type: 'lead', q: 'bulkname', limit: 100 });
    expect(page.status).toBe(200);
    expect(page.rows).toHaveLength(100);
    expect(page.total).toBe('1000');
    expect(page.capped).toBe('true');
  });

  it('answers a broad search with matches only, newest first, and a 2-letter one at word starts', async () => {
    const words = (row: ContactJson) =>
      `${row.name} ${row.surname} ${row.email ?? ''} ${row.phone}`.toLowerCase();
    for (const [q, matches] of [
      ['bu', /(^|[ '])bu/],
      ['MA', /(^|[ '])ma/],
      ['kname m', /kname m/],
    ] as const) {
      const page = await list('/api/contacts', { type: 'lead', q, limit: 100 });
      expect(page.total, q).toBe('1000');
      expect(page.capped, q).toBe('true');
      expect(page.rows, q).toHaveLength(100);
      for (const row of page.rows) expect(words(row), q).toMatch(matches);
      const times = page.rows.map((row) => `${row.createdAt} ${String(row.id).padStart(10, '0')}`);
      expect(times, q).toEqual([...times].sort().reverse());
    }
    const inside = await list('/api/contacts', { type: 'lead', q: 'lk', limit: 100 });
    expect(inside.rows.filter((row) => row.name === 'Bulkname')).toEqual([]);
  });

  it('says 1,000 and capped for a filter matching more, on any page', async () => {
    for (const offset of [0, 1_000]) {
      const page = await list('/api/contacts', {
        type: 'lead',
        'filter.name': 'equals:bulkname many',
        limit: 100,
        offset,
      });
      expect(page.total).toBe('1000');
      expect(page.capped).toBe('true');
      expect(page.rows).toHaveLength(offset === 0 ? 100 : BULK - 1_000);
    }
  });

  it('finds a creator’s or assignee’s contacts beyond the cap alike by contains and by equals', async () => {
    for (const column of ['createdBy', 'assignedTo']) {
      for (const sorted of [{}, { sort: 'name', order: 'asc' }] as Record<string, string>[]) {
        const query = (filter: string) => ({ type: 'lead', [`filter.${column}`]: filter, ...sorted });
        const first = await list('/api/contacts', { ...query('contains:ORA BE'), limit: 10 });
        expect(first.total).toBe('1000');
        expect(first.capped).toBe('true');
        const byCursor = await allByCursor('/api/contacts', { ...query('contains:ORA BE'), limit: 500 });
        expect(byCursor.length).toBeGreaterThan(BULK);
        expect(new Set(byCursor).size).toBe(byCursor.length);
        expect(await allByOffset('/api/contacts', query('contains:ORA BE'), 500)).toEqual(byCursor);
        expect(await allByCursor('/api/contacts', { ...query('equals:bora bey'), limit: 500 })).toEqual(
          byCursor,
        );
      }
    }
  });

  it('keeps the unfiltered total exact', async () => {
    const page = await list('/api/contacts', { type: 'lead', limit: 1 });
    expect(Number(page.total)).toBeGreaterThan(BULK);
    expect(page.capped).toBeUndefined();
  });

  it('keeps a smaller filtered total exact beyond the first page', async () => {
    const page = await list('/api/contacts', { type: 'lead', 'filter.name': 'contains:pager', limit: 2 });
    expect(page.total).toBe(String(names.length + 4)); // and the four added while paging
    expect(page.capped).toBeUndefined();
  });
});

describe('partners and products searched beyond 1,000 matches', () => {
  const BULK = 1_030;
  const numbered = (i: number) => String(i).padStart(4, '0');
  beforeAll(async () => {
    const at = '2025-06-01T00:00:00.000Z';
    const agencies = Array.from({ length: BULK }, (_, i) => {
      const name = `Capagency ${numbered(i + 1)}`;
      const key = name.toLowerCase();
      return sql`(${name}, ${`90533${i}`}, '', 0, 'Cyprus', 'Kyrenia', 'COMPANY', ${key}, ${key}, '', '', '', ${key}, 1, ${at}, ${at})`;
    });
    await sql`insert into agencies (name, office_number, email, commission_bp, country, city, type,
      name_key, name_fold, email_key, parent_key, creator_key, search_text, is_active, created_at, updated_at)
      values ${sql.join(agencies)}`.execute(t.db);
    const products = Array.from({ length: BULK }, (_, i) => {
      const title = `Capproduct ${numbered(i + 1)}`;
      return sql`(${title}, ${title.toLowerCase()}, ${title.toLowerCase()}, '', 'REAL_ESTATE', 1, ${at}, ${at})`;
    });
    await sql`insert into products (title, title_key, title_fold, description, product_type, is_active, created_at, updated_at)
      values ${sql.join(products)}`.execute(t.db);
  });

  for (const [path, q, sort] of [
    ['/api/agencies', 'capagency', 'name'],
    ['/api/products', 'capproduct', 'title'],
  ] as const) {
    it(`${path}: says 1,000 and capped, and pages every match once, by cursor as by offset`, async () => {
      const first = await list(path, { q, sort, order: 'asc', limit: 100 }, ada);
      expect(first.status).toBe(200);
      expect(first.total).toBe('1000');
      expect(first.capped).toBe('true');
      const label = (row: object) => String((row as Record<string, unknown>)[sort]);
      expect(first.rows.map(label)).toEqual(
        Array.from({ length: 100 }, (_, i) => `${q[0]?.toUpperCase()}${q.slice(1)} ${numbered(i + 1)}`),
      );
      const query = { q, sort, order: 'desc' };
      const byCursor = await allByCursor(path, { ...query, limit: 300 });
      expect(byCursor).toHaveLength(BULK);
      expect(new Set(byCursor).size).toBe(BULK);
      expect(byCursor).toEqual([...byCursor].sort((a, b) => b - a));
      expect(await allByOffset(path, query, 300)).toEqual(byCursor);
    });

    it(`${path}: counts a narrower search exactly and sorts it`, async () => {
      const page = await list(path, { q: `${q} 10`, sort, order: 'desc', limit: 10 }, ada);
      expect(page.total).toBe('31'); // 1000 to 1030
      expect(page.capped).toBeUndefined();
      expect(page.rows.map((row) => (row as Record<string, unknown>)[sort])).toEqual(
        Array.from({ length: 10 }, (_, i) => `${q[0]?.toUpperCase()}${q.slice(1)} ${numbered(1030 - i)}`),
      );
    });
  }
});

describe('filters on who created and who is assigned a contact', () => {
  let sule: SignedIn;
  let made: ContactJson;
  beforeAll(async () => {
    sule = await signIn(t, { firstName: 'Şule', surname: 'Özkan' });
    made = await createContact(
      t,
      sule,
      leadPayload({ name: 'Owned', surname: 'Bysule', phone: '447000000777' }),
    );
  });

  it('finds contacts by a part of the creator’s or assignee’s name, in any case', async () => {
    for (const column of ['createdBy', 'assignedTo']) {
      for (const filter of [
        'contains:şule',
        'containsIgnoreCase:ÖZKA',
        'contains:LE ÖZ',
        'equals:şule özkan',
      ]) {
        const page = await list('/api/contacts', { type: 'lead', [`filter.${column}`]: filter });
        expect(ids(page.rows), `${column} ${filter}`).toEqual([made.id]);
      }
      const none = await list('/api/contacts', {
        type: 'lead',
        [`filter.${column}`]: 'contains:nobody by this name',
      });
      expect(none.rows).toEqual([]);
      expect(none.total).toBe('0');
    }
  });
});

describe('a created-at filter that reads as the start of a date', () => {
  it('matches the contacts created in that year, month or day, and no other', async () => {
    const made = await createContact(
      t,
      bora,
      leadPayload({ name: 'Dated', surname: 'Row', phone: '447000000888' }),
    );
    for (const length of [4, 7, 9, 10]) {
      const value = made.createdAt.slice(0, length);
      const page = await list('/api/contacts', {
        type: 'lead',
        'filter.createdAt': `contains:${value}`,
        limit: 500,
      });
      expect(ids(page.rows), value).toContain(made.id);
      for (const row of page.rows) expect(row.createdAt.startsWith(value)).toBe(true);
    }
    const before = await list('/api/contacts', { type: 'lead', 'filter.createdAt': 'contains:1999-12' });
    expect(before.rows).toEqual([]);
    // Not the start of a date: matched anywhere, as before.
    const time = made.createdAt.slice(11, 16);
    const page = await list('/api/contacts', {
      type: 'lead',
      'filter.createdAt': `contains:${time}`,
      limit: 500,
    });
    expect(ids(page.rows)).toContain(made.id);
  });
});
