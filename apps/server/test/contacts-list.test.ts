import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContactJson,
  call,
  createContact,
  customerPayload,
  insertAgency,
  leadPayload,
  uniqueTag,
} from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;
let cem: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  cem = await signIn(t, { firstName: 'Cem', surname: 'Can' });
});
afterAll(async () => t.close());

/** GET /api/contacts with the given query (an object, encoded here). */
async function list(query: Record<string, string | number>, who: SignedIn = bora) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await call(t, 'GET', `/api/contacts?${params}`, who);
  return {
    res,
    rows: res.statusCode === 200 ? res.json<ContactJson[]>() : [],
    total: res.headers['x-total-count'],
  };
}
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** A list row: what the list shows and its row actions need (Convert asks for the missing fields). */
const LIST_ROW_KEYS = [
  'agency',
  'agencyId',
  'assignedTo',
  'assignedToId',
  'completeness',
  'countryCode',
  'createdAt',
  'email',
  'gender',
  'id',
  'isActive',
  'name',
  'nationality',
  'owner',
  'phone',
  'residency',
  'source',
  'surname',
  'type',
  'updatedAt',
];
/** The fields only the detail answers. */
const DETAIL_ONLY_KEYS = [
  'birthday',
  'budget',
  'city',
  'educationLevel',
  'incomeLevel',
  'maritalStatus',
  'notes',
  'numberOfChildren',
  'occupation',
  'passportNumber',
  'preferredPayment',
  'roomNumber',
  'serviceCategory',
  'trIdNumber',
  'version',
];
const pick = (record: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, record[key]]));

describe('scope: type and active state', () => {
  let tag: string;
  let lead: ContactJson;
  let customer: ContactJson;
  let gone: ContactJson;
  beforeAll(async () => {
    tag = uniqueTag('scope');
    lead = await createContact(t, bora, leadPayload({ surname: tag }));
    customer = await createContact(t, bora, customerPayload({ surname: tag }));
    gone = await createContact(t, bora, leadPayload({ surname: tag }));
    await call(t, 'PUT', `/api/contacts/${gone.id}/deactivate`, ada);
  });

  it.each([
    ['lead', 'LEAD'],
    ['LEAD', 'LEAD'],
    ['customer', 'CUSTOMER'],
    ['Customer', 'CUSTOMER'],
  ])('type=%s keeps only contacts of type %s', async (type, expected) => {
    const { res, rows, total } = await list({ type, q: tag });
    expect(res.statusCode).toBe(200);
    expect(rows.map((r) => r.type)).toEqual([expected]);
    expect(ids(rows)).toEqual([expected === 'LEAD' ? lead.id : customer.id]);
    expect(total).toBe('1');
  });

  it('answers both types without a type', async () => {
    const { rows, total } = await list({ q: tag });
    expect(ids(rows).sort()).toEqual([lead.id, customer.id].sort());
    expect(total).toBe('2');
  });

  it('never lists a deactivated contact, to admins either', async () => {
    for (const who of [bora, ada]) {
      const { rows } = await list({ q: tag }, who);
      expect(ids(rows)).not.toContain(gone.id);
    }
    const all = await list({ limit: 500 }, ada);
    expect(all.rows.every((row) => row.isActive)).toBe(true);
  });

  it('refuses an unknown type with 400', async () => {
    const { res } = await list({ type: 'partner' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('type must be lead or customer');
  });

  it('answers list rows in the contact shape, with owner, assignee and completeness', async () => {
    const { rows } = await list({ q: tag, type: 'lead' });
    expect(rows[0]).toMatchObject({
      id: lead.id,
      owner: { id: bora.id, name: 'Bora Bey' },
      assignedTo: { id: bora.id, name: 'Bora Bey' },
      completeness: expect.any(Number),
    });
  });

  it('answers exactly the list-row fields, with the values the detail has', async () => {
    const { rows } = await list({ q: tag, type: 'customer' });
    const row = rows[0]!;
    expect(Object.keys(row).sort()).toEqual(LIST_ROW_KEYS);
    const detail = (await call(t, 'GET', `/api/contacts/${customer.id}`, bora)).json<ContactJson>();
    expect(row).toEqual(pick(detail, LIST_ROW_KEYS));
    expect(row).toMatchObject({ nationality: 'Turkish', residency: 'North Cyprus', gender: 'FEMALE' });
  });
});

describe('list rows and the whole contact', () => {
  let full: ContactJson;
  let agencyId: number;
  beforeAll(async () => {
    const tag = uniqueTag('rows');
    agencyId = await insertAgency(t, `Rows ${tag}`);
    full = await createContact(
      t,
      bora,
      leadPayload({
        surname: tag,
        email: `rows.${tag}@example.com`,
        agencyId,
        source: null,
        nationality: 'Turkish',
        passportNumber: 'P1234567',
        birthday: '1990-05-06',
        city: 'Kyrenia',
        occupation: 'Engineer',
        numberOfChildren: 2,
        budget: 1234.5,
        roomNumber: '12B',
        notes: '<p>Likes the sea</p>',
      }),
    );
  });

  it('lists a row without the detail-only fields, also for an agency’s contacts', async () => {
    const queries: Record<string, string | number>[] = [{ q: full.email! }, { agencyId }];
    for (const query of queries) {
      const { rows } = await list(query);
      expect(ids(rows)).toEqual([full.id]);
      expect(Object.keys(rows[0]!).sort()).toEqual(LIST_ROW_KEYS);
      for (const key of DETAIL_ONLY_KEYS) expect(rows[0]!, key).not.toHaveProperty(key);
      expect(rows[0]).toEqual(pick(full, LIST_ROW_KEYS));
      expect(rows[0]).toMatchObject({ agencyId, agency: { id: agencyId }, source: null, gender: null });
    }
  });

  it('answers the whole contact at the detail, as the create did', async () => {
    const res = await call(t, 'GET', `/api/contacts/${full.id}`, bora);
    expect(res.statusCode).toBe(200);
    const detail = res.json<ContactJson>();
    expect(Object.keys(detail).sort()).toEqual([...LIST_ROW_KEYS, ...DETAIL_ONLY_KEYS, 'files'].sort());
    expect(Object.keys(full).sort()).toEqual([...LIST_ROW_KEYS, ...DETAIL_ONLY_KEYS].sort());
    expect(detail).toEqual({ ...full, files: [] });
    expect(detail).toMatchObject({
      passportNumber: 'P1234567',
      birthday: '1990-05-06',
      city: 'Kyrenia',
      occupation: 'Engineer',
      numberOfChildren: 2,
      budget: 1234.5,
      roomNumber: '12B',
      notes: '<p>Likes the sea</p>',
    });
  });
});

describe('agencyId', () => {
  it('keeps only the contacts of one agency', async () => {
    const tag = uniqueTag('agency');
    const first = await insertAgency(t, `First ${tag}`);
    const second = await insertAgency(t, `Second ${tag}`);
    const a = await createContact(t, bora, leadPayload({ agencyId: first }));
    const b = await createContact(t, cem, customerPayload({ agencyId: first }));
    await createContact(t, bora, leadPayload({ agencyId: second }));
    const { rows, total } = await list({ agencyId: first });
    expect(ids(rows).sort()).toEqual([a.id, b.id].sort());
    expect(total).toBe('2');
    expect(ids((await list({ agencyId: first, type: 'customer' })).rows)).toEqual([b.id]);
  });

  it('refuses an agencyId that is not a positive number', async () => {
    expect((await list({ agencyId: 'abc' })).res.statusCode).toBe(400);
    expect((await list({ agencyId: 0 })).res.statusCode).toBe(400);
  });
});

describe('search (q)', () => {
  let tag: string;
  let aliVeli: ContactJson;
  let mail: ContactJson;
  let phone: ContactJson;
  let viaAgency: ContactJson;
  let customer: ContactJson;
  beforeAll(async () => {
    tag = uniqueTag('srch');
    const agencyId = await insertAgency(t, `Moonlight ${tag} Realty`);
    aliVeli = await createContact(t, bora, leadPayload({ name: 'Ali', surname: `Veli${tag}` }));
    mail = await createContact(
      t,
      bora,
      leadPayload({
        name: 'Mail',
        surname: 'Person',
        email: `Someone.${tag}@Example.com`,
        phone: '441234000001',
      }),
    );
    phone = await createContact(
      t,
      bora,
      leadPayload({ name: 'Phone', surname: 'Person', phone: '+1 (212) 987-6543' }),
    );
    viaAgency = await createContact(t, bora, leadPayload({ name: 'Agency', surname: 'Person', agencyId }));
    customer = await createContact(t, bora, customerPayload({ name: 'Ali', surname: `Veli${tag}` }));
  });

  it('matches name plus surname, across the space, in any case', async () => {
    for (const q of [`ali veli${tag}`, `ALI VELI${tag.toUpperCase()}`, `i veli${tag}`]) {
      const { rows } = await list({ q, type: 'lead' });
      expect(ids(rows), q).toEqual([aliVeli.id]);
    }
  });

  it('matches "ali veli" among other contacts and keeps the screen’s type', async () => {
    const leads = await list({ q: 'ali veli', type: 'lead', limit: 500 });
    expect(ids(leads.rows)).toContain(aliVeli.id);
    expect(ids(leads.rows)).not.toContain(customer.id);
    expect(ids(leads.rows)).not.toContain(mail.id);
    const customers = await list({ q: 'Ali Veli', type: 'customer', limit: 500 });
    expect(ids(customers.rows)).toContain(customer.id);
    expect(ids(customers.rows)).not.toContain(aliVeli.id);
  });

  it('matches the e-mail, case-insensitively', async () => {
    for (const q of [`someone.${tag}@example.com`, `SOMEONE.${tag.toUpperCase()}`, `${tag}@EXAMPLE`]) {
      expect(ids((await list({ q })).rows), q).toEqual([mail.id]);
    }
  });

  it('matches the phone digits', async () => {
    const { rows } = await list({ q: '2129876543' });
    expect(ids(rows)).toEqual([phone.id]);
    expect(ids((await list({ q: '987654', limit: 500 })).rows)).toContain(phone.id);
  });

  it('matches the agency name, case-insensitively', async () => {
    expect(ids((await list({ q: `moonlight ${tag}` })).rows)).toEqual([viaAgency.id]);
    expect(ids((await list({ q: `${tag.toUpperCase()} REALTY` })).rows)).toEqual([viaAgency.id]);
  });

  it('works with one- and two-character queries too', async () => {
    const two = await createContact(t, bora, leadPayload({ name: 'Qz', surname: 'Wq' }));
    const unrelated = await createContact(t, bora, leadPayload({ name: 'Plain', surname: 'Name' }));
    for (const q of ['qz', 'QZ', 'z w', 'Wq']) {
      const { rows } = await list({ q, limit: 500 });
      expect(ids(rows), q).toContain(two.id);
      expect(ids(rows), q).not.toContain(unrelated.id);
    }
    const one = await list({ q: 'Q', limit: 500 });
    expect(ids(one.rows)).toContain(two.id);
    expect(ids(one.rows)).not.toContain(unrelated.id);
    expect(Number(one.total)).toBe(one.rows.length);
  });

  it('matches letters outside ASCII in any case', async () => {
    const local = uniqueTag('tr');
    const c = await createContact(t, bora, leadPayload({ name: 'Çağla', surname: `ÖZTÜRK${local}` }));
    for (const q of [`çağla öztürk${local}`, `ÇAĞLA ÖZTÜRK${local.toUpperCase()}`, `öz`]) {
      expect(ids((await list({ q, limit: 500 })).rows), q).toContain(c.id);
    }
  });

  it('matches a Turkish capital İ by its lower-case i', async () => {
    const local = uniqueTag('tr');
    const c = await createContact(t, bora, leadPayload({ name: 'İpek', surname: `ŞAHİN${local}` }));
    expect(ids((await list({ q: `İpek şahin${local}` })).rows)).toEqual([c.id]);
    expect(ids((await list({ q: `ipek şahin${local}` })).rows)).toEqual([c.id]);
  });

  it('finds nothing for text no contact has, and treats % and _ literally', async () => {
    for (const q of [`nothing${tag}here`, '%', '_', '%%', `${tag}%`]) {
      const { res, rows, total } = await list({ q });
      expect(res.statusCode, q).toBe(200);
      expect(rows, q).toEqual([]);
      expect(total).toBe('0');
    }
  });

  it('ignores surrounding spaces and treats a blank query as none', async () => {
    expect(ids((await list({ q: `  someone.${tag}  ` })).rows)).toEqual([mail.id]);
    const blank = await list({ q: '   ', limit: 1 });
    const none = await list({ limit: 1 });
    expect(blank.total).toBe(none.total);
  });

  it('survives quotes and other punctuation', async () => {
    for (const q of ['"', `"${tag}`, "o'brien", 'a"b"c', '(*)', 'NEAR', 'ali OR veli']) {
      expect((await list({ q })).res.statusCode, q).toBe(200);
    }
  });
});

describe('sorting', () => {
  // Five contacts whose every column sorts differently; the tag in the e-mail isolates them.
  let tag: string;
  let c: ContactJson[];
  beforeAll(async () => {
    tag = uniqueTag('sort');
    const alpha = await insertAgency(t, 'Alpha Estates');
    const beta = await insertAgency(t, 'Beta Homes');
    const gamma = await insertAgency(t, 'Gamma Realty');
    const rows: [SignedIn, Record<string, unknown>, SignedIn | null][] = [
      [
        bora,
        { name: 'delta', surname: 'One', email: `echo@${tag}.test`, phone: '905550000004', agencyId: gamma },
        ada,
      ],
      [
        cem,
        {
          name: 'Alpha',
          surname: 'Two',
          email: `Charlie@${tag}.test`,
          phone: '905550000002',
          agencyId: alpha,
        },
        null,
      ],
      [
        ada,
        {
          name: 'Charlie',
          surname: 'Three',
          email: `alpha@${tag}.test`,
          phone: '905550000005',
          agencyId: beta,
        },
        bora,
      ],
      [bora, { name: 'bravo', surname: 'Four', email: `delta@${tag}.test`, phone: '905550000001' }, null],
      [
        cem,
        { name: 'Echo', surname: 'Five', email: `bravo@${tag}.test`, phone: '905550000003', agencyId: beta },
        ada,
      ],
    ];
    c = [];
    for (const [creator, fields, assignee] of rows) {
      const contact = await createContact(t, creator, leadPayload(fields));
      if (assignee) {
        const res = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, ada, {
          assignedToId: assignee.id,
        });
        expect(res.statusCode).toBe(200);
      }
      c.push(contact);
    }
  });

  const order = (...indexes: number[]) => indexes.map((i) => c[i - 1]!.id);

  it.each([
    ['name', [2, 4, 3, 1, 5]],
    ['agency', [4, 2, 3, 5, 1]],
    ['email', [3, 5, 2, 4, 1]],
    ['phone', [4, 2, 5, 1, 3]],
    ['createdBy', [3, 1, 4, 2, 5]],
    ['assignedTo', [1, 5, 3, 4, 2]],
    ['createdAt', [1, 2, 3, 4, 5]],
  ])('sorts by %s ascending and descending, case-insensitively', async (sort, ascending) => {
    const asc = await list({ q: tag, sort, order: 'asc' });
    expect(asc.res.statusCode).toBe(200);
    expect(ids(asc.rows)).toEqual(order(...ascending));
    const desc = await list({ q: tag, sort, order: 'desc' });
    expect(ids(desc.rows)).toEqual(order(...[...ascending].reverse()));
    const defaultOrder = await list({ q: tag, sort });
    expect(ids(defaultOrder.rows)).toEqual(order(...ascending));
  });

  it('answers the newest first without a sort', async () => {
    expect(ids((await list({ q: tag })).rows)).toEqual(order(5, 4, 3, 2, 1));
  });

  it('refuses an unknown sort column or order with 400', async () => {
    const column = await list({ q: tag, sort: 'completeness' });
    expect(column.res.statusCode).toBe(400);
    expect(errorOf(column.res)).toBe('Unknown sort column: completeness');
    const direction = await list({ q: tag, sort: 'name', order: 'sideways' });
    expect(direction.res.statusCode).toBe(400);
    expect(errorOf(direction.res)).toBe('order must be asc or desc');
  });

  describe('filters (filter.<column>=<mode>:<value>), every mode case-insensitive', () => {
    it.each([
      ['name', 'equals:ALPHA TWO', [2]],
      ['name', 'equals:alpha', []],
      ['name', 'contains:HARLIE', [3]],
      ['name', 'containsIgnoreCase:o f', [4, 5]],
      ['agency', 'equals:beta homes', [3, 5]],
      ['agency', 'contains:ESTATE', [2]],
      ['agency', 'containsIgnoreCase:realty', [1]],
      ['email', 'equals:CHARLIE@{tag}.TEST', [2]],
      ['email', 'contains:ALPHA@', [3]],
      ['email', 'containsIgnoreCase:o@', [1, 5]],
      ['phone', 'equals:905550000001', [4]],
      ['phone', 'contains:0003', [5]],
      ['phone', 'containsIgnoreCase:55000000', [1, 2, 3, 4, 5]],
      ['createdBy', 'equals:BORA BEY', [1, 4]],
      ['createdBy', 'contains:CEM', [2, 5]],
      ['createdBy', 'containsIgnoreCase:ada', [3]],
      ['assignedTo', 'equals:ada ak', [1, 5]],
      ['assignedTo', 'contains:BEY', [3, 4]],
      ['assignedTo', 'containsIgnoreCase:CAN', [2]],
      ['createdAt', 'contains:1999-', []],
    ])('filter.%s=%s', async (column, filter, expected) => {
      const { res, rows, total } = await list({
        q: tag,
        sort: 'createdAt',
        [`filter.${column}`]: filter.replace('{tag}', tag.toUpperCase()),
      });
      expect(res.statusCode).toBe(200);
      expect(ids(rows)).toEqual(order(...expected));
      expect(total).toBe(String(expected.length));
    });

    it('filters on the creation date', async () => {
      const day = c[0]!.createdAt.slice(0, 10);
      const { rows } = await list({ q: tag, sort: 'createdAt', 'filter.createdAt': `contains:${day}` });
      expect(ids(rows)).toEqual(ids(c.filter((contact) => contact.createdAt.startsWith(day))));
    });

    it('combines filters with each other and with the search', async () => {
      const { rows, total } = await list({
        q: tag,
        sort: 'name',
        'filter.createdBy': 'contains:bora',
        'filter.agency': 'contains:gamma',
      });
      expect(ids(rows)).toEqual(order(1));
      expect(total).toBe('1');
    });

    it('refuses an unknown column, an unknown mode and a repeated column with 400', async () => {
      const column = await list({ 'filter.gender': 'equals:MALE' });
      expect(column.res.statusCode).toBe(400);
      expect(errorOf(column.res)).toBe('Unknown filter column: gender');
      const mode = await list({ 'filter.name': 'startsWith:al' });
      expect(mode.res.statusCode).toBe(400);
      const noMode = await list({ 'filter.name': 'alpha' });
      expect(noMode.res.statusCode).toBe(400);
      const twice = await call(t, 'GET', '/api/contacts?filter.name=contains:a&filter.name=contains:b', bora);
      expect(twice.statusCode).toBe(400);
    });

    it('treats % and _ in a filter value literally', async () => {
      expect((await list({ q: tag, 'filter.name': 'contains:%' })).rows).toEqual([]);
      expect((await list({ q: tag, 'filter.email': 'contains:_' })).rows).toEqual([]);
    });
  });
});

describe('sort keys follow renamed users', () => {
  it('follows a name changed by an admin', async () => {
    const tag = uniqueTag('ren');
    const owner = await signIn(t, { firstName: 'Before', surname: tag });
    const contact = await createContact(t, owner, leadPayload({ surname: tag }));
    const me = await call(t, 'GET', `/api/users/${owner.id}`, ada);
    const res = await call(t, 'PUT', `/api/users/update-user/${owner.id}`, ada, {
      ...me.json<Record<string, unknown>>(),
      firstName: 'Zafer',
      surname: tag,
      password: '',
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await list({ q: tag, 'filter.createdBy': `contains:zafer ${tag}` });
    expect(ids(rows)).toEqual([contact.id]);
    expect(rows[0]!.owner.name).toBe(`Zafer ${tag}`);
  });

  it('follows a name changed on the profile screen (PUT /api/users/me)', async () => {
    const tag = uniqueTag('ren');
    const owner = await signIn(t, { firstName: 'Before', surname: tag });
    const contact = await createContact(t, owner, leadPayload({ surname: tag }));
    const res = await call(t, 'PUT', '/api/users/me', owner, { name: `Yusuf ${tag}`, email: owner.email });
    expect(res.statusCode).toBe(200);
    const { rows } = await list({ q: tag, 'filter.createdBy': `contains:yusuf ${tag}` });
    expect(ids(rows)).toEqual([contact.id]);
    const assigned = await list({ q: tag, 'filter.assignedTo': `equals:yusuf ${tag}` });
    expect(ids(assigned.rows)).toEqual([contact.id]);
  });
});

describe('created-by and assigned-to contains, with letters SQL folds otherwise', () => {
  it('finds users named with İ, ı and Ş by their folded letters, and no one else', async () => {
    const tag = uniqueTag('fold');
    const owner = await signIn(t, { firstName: 'İpek', surname: `Kılıçşah ${tag}` });
    const other = await signIn(t, { firstName: 'Ipso', surname: `Kilo ${tag}` });
    const mine = await createContact(t, owner, leadPayload({ surname: tag }));
    await createContact(t, other, leadPayload({ surname: tag }));
    for (const value of ['contains:ipek', 'contains:İPEK', 'containsIgnoreCase:kiliçŞ', 'contains:IÇŞAH']) {
      const { rows } = await list({ q: tag, 'filter.createdBy': value });
      expect(ids(rows), value).toEqual([mine.id]);
      const assigned = await list({ q: tag, 'filter.assignedTo': value });
      expect(ids(assigned.rows), value).toEqual([mine.id]);
    }
    const percent = await list({ q: tag, 'filter.createdBy': 'contains:%' });
    expect(ids(percent.rows)).toEqual([]);
  });
});

describe('paging', () => {
  let tag: string;
  let all: number[];
  beforeAll(async () => {
    tag = uniqueTag('page');
    all = [];
    // Same creator and assignee for all: sorting by them ties everywhere, so only the id keeps pages apart.
    for (let i = 0; i < 7; i += 1) {
      all.push((await createContact(t, cem, leadPayload({ name: `P${i}`, surname: tag }))).id);
    }
  });

  it.each([
    ['createdAt', 'desc'],
    ['createdBy', 'asc'],
    ['createdBy', 'desc'],
    ['assignedTo', 'asc'],
    ['agency', 'desc'],
    ['name', 'asc'],
  ])('pages by %s %s without overlap or gap, with the total on every page', async (sort, direction) => {
    const seen: number[] = [];
    for (const offset of [0, 3, 6]) {
      const { res, rows, total } = await list({ q: tag, sort, order: direction, limit: 3, offset });
      expect(res.statusCode).toBe(200);
      expect(total).toBe('7');
      expect(rows.length).toBe(offset === 6 ? 1 : 3);
      seen.push(...ids(rows));
    }
    expect(seen.length).toBe(7);
    expect([...seen].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
    const whole = await list({ q: tag, sort, order: direction });
    expect(ids(whole.rows)).toEqual(seen);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const { rows, total } = await list({ q: tag, limit: 3, offset: 30 });
    expect(rows).toEqual([]);
    expect(total).toBe('7');
  });

  it('answers 50 rows by default and the whole count in X-Total-Count', async () => {
    for (let i = 0; i < 51; i += 1) await createContact(t, cem, leadPayload({ surname: `Bulk${i}` }));
    const { rows, total } = await list({});
    expect(rows.length).toBe(50);
    expect(Number(total)).toBeGreaterThan(50);
    const big = await list({ limit: 500 });
    expect(big.rows.length).toBe(Number(total));
  });

  it.each([
    [{ limit: 0 }, 'limit must be at least 1'],
    [{ limit: 501 }, 'limit must be at most 500'],
    [{ limit: 'ten' }, 'limit must be a number'],
    [{ offset: -1 }, 'offset must be at least 0'],
  ])('refuses %j with 400', async (query, message) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });
});
