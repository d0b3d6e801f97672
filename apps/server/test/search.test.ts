import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency } from './helpers/agencies.js';
import { call, createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { createProduct } from './helpers/products.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface Hit {
  kind: string;
  id: number;
  title: string;
  context: string;
  type: string | null;
  mergedFrom: number | null;
}
interface SearchJson {
  groups: { kind: string; items: Hit[] }[];
}

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Zehra', surname: 'Admin' });
  user = await signIn(t, { role: 'user', firstName: 'Umut', surname: 'Staff' });
});
afterAll(() => t.close());

async function search(q: string, who: SignedIn = user): Promise<SearchJson> {
  const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchJson>();
}

const group = (result: SearchJson, kind: string) => result.groups.find((g) => g.kind === kind)?.items ?? [];
const ids = (result: SearchJson, kind: string) => group(result, kind).map((hit) => hit.id);

describe('GET /api/search (command palette)', () => {
  it('finds a contact by name, surname, full name and e-mail, case-insensitively', async () => {
    const tag = uniqueTag('nm');
    const contact = await createContact(
      t,
      user,
      leadPayload({ name: `Ayşe${tag}`, surname: `Kaya${tag}`, email: `${tag}@mail.example` }),
    );
    for (const q of [`ayşe${tag}`, `KAYA${tag}`, `Ayşe${tag} Kaya`, `${tag}@mail`]) {
      expect(ids(await search(q), 'contact'), q).toContain(contact.id);
    }
  });

  it('folds the Turkish İ so that "ipek" and "İPEK" find "İpek"', async () => {
    const tag = uniqueTag('tr');
    const contact = await createContact(t, user, leadPayload({ name: `İpek${tag}`, surname: 'Işık' }));
    expect(ids(await search(`ipek${tag}`), 'contact')).toContain(contact.id);
    expect(ids(await search(`İPEK${tag}`), 'contact')).toContain(contact.id);
    expect(ids(await search(`ipek${tag} ışık`), 'contact')).toContain(contact.id);
  });

  it('finds a phone typed in any format: spaces, a leading 0, with or without the calling code', async () => {
    const contact = await createContact(t, user, leadPayload({ phone: '+90 548 871 22 33' }));
    for (const q of [
      '0548 871 22 33',
      '548 871',
      '+90 548 871 2233',
      '90548871',
      '00 90 548 871',
      '(0548) 871-22-33',
    ]) {
      expect(ids(await search(q), 'contact'), q).toContain(contact.id);
    }
    expect(ids(await search('0549 871 22 33'), 'contact')).not.toContain(contact.id);
  });

  it('finds a contact by passport number and by T.R ID number', async () => {
    const contact = await createContact(
      t,
      user,
      leadPayload({ passportNumber: 'U98765432', trIdNumber: '38812345678' }),
    );
    expect(ids(await search('u9876'), 'contact')).toContain(contact.id);
    expect(ids(await search('3881234'), 'contact')).toContain(contact.id);
  });

  it('answers a line of context with the type, agency and phone', async () => {
    const tag = uniqueTag('cx');
    const agency = await createAgency(t, admin, { name: `Realty ${tag}` });
    const contact = await createContact(t, user, {
      type: 'LEAD',
      name: `Ctx${tag}`,
      surname: 'Person',
      phone: '905331112233',
      agencyId: agency.id,
    });
    const hit = group(await search(`ctx${tag}`), 'contact').find((h) => h.id === contact.id);
    expect(hit).toMatchObject({
      title: `Ctx${tag} Person`,
      type: 'LEAD',
      context: `Lead · Realty ${tag} · +90 533 111 22 33`,
    });
  });

  it('ranks exact and prefix matches first, then the most recently edited', async () => {
    const tag = uniqueTag('rk');
    const inside = await createContact(t, user, leadPayload({ name: `X${tag}`, surname: 'Inside' }));
    const older = await createContact(t, user, leadPayload({ name: tag, surname: 'Older' }));
    const newer = await createContact(t, user, leadPayload({ name: tag, surname: 'Newer' }));
    const exact = await createContact(t, user, leadPayload({ name: tag, surname: 'Exact' }));
    const order = ids(await search(`${tag} exact`), 'contact');
    expect(order[0]).toBe(exact.id);
    const all = ids(await search(tag), 'contact');
    expect(all.indexOf(newer.id)).toBeLessThan(all.indexOf(older.id));
    expect(all.indexOf(older.id)).toBeLessThan(all.indexOf(inside.id));
    expect(all).toContain(inside.id);
  });

  it('shows matches inside a name only when the exact and prefix matches leave room in the group', async () => {
    const tag = uniqueTag('fl');
    const inside = await createContact(t, user, leadPayload({ name: `X${tag}`, surname: 'Inside' }));
    const prefixed = [];
    for (const surname of ['One', 'Two', 'Three', 'Four', 'Five']) {
      prefixed.push(await createContact(t, user, leadPayload({ name: `${tag}${surname}`, surname })));
    }
    const found = ids(await search(tag), 'contact');
    expect(found).toHaveLength(5);
    expect([...found].sort()).toEqual(prefixed.map((contact) => contact.id).sort());
    expect(found).not.toContain(inside.id);
    // With one prefix match fewer, the match inside a name fills the fifth place.
    await call(t, 'PUT', `/api/contacts/${prefixed[0]!.id}/deactivate`, admin);
    expect(ids(await search(tag), 'contact')).toContain(inside.id);
  });

  it('finds agencies by name, e-mail and office number, and products by title', async () => {
    const tag = uniqueTag('ag');
    const agency = await createAgency(t, admin, {
      name: `Sunrise ${tag}`,
      email: `${tag}@sunrise.example`,
      officeNumber: '+90 392 444 55 66',
    });
    expect(ids(await search(`sunrise ${tag}`), 'agency')).toContain(agency.id);
    expect(ids(await search(`${tag}@sun`), 'agency')).toContain(agency.id);
    expect(ids(await search('0392 444 55'), 'agency')).toContain(agency.id);
    const product = await createProduct(t, admin, { title: `Harbour flat ${tag}` });
    expect(ids(await search(`harbour flat ${tag}`), 'product')).toContain(product.id);
    expect(ids(await search(`flat ${tag}`), 'product')).toContain(product.id);
  });

  it('searches users for admins only', async () => {
    const tag = uniqueTag('us');
    const other = await signIn(t, { role: 'user', firstName: `Selin${tag}`, surname: 'Demir' });
    expect(ids(await search(`selin${tag}`, admin), 'user')).toEqual([other.id]);
    const asUser = await search(`selin${tag}`, user);
    expect(asUser.groups.map((g) => g.kind)).not.toContain('user');
  });

  it('finds users by any part of their name or e-mail, under their current name', async () => {
    const tag = uniqueTag('uf');
    const other = await signIn(t, {
      role: 'user',
      firstName: 'Korhan',
      surname: `Bay${tag}ndir`,
      email: `k.${tag}@staff.example`,
    });
    // The middle of a surname, the middle of an e-mail, and two letters (read without the index).
    expect(ids(await search(`y${tag}nd`, admin), 'user')).toEqual([other.id]);
    expect(ids(await search(`${tag}@staff`, admin), 'user')).toEqual([other.id]);
    expect(ids(await search(tag.slice(0, 2), admin), 'user')).toContain(other.id);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: admin.headers })
    ).json<Record<string, unknown>>();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/update-user/${other.id}`,
      headers: admin.headers,
      payload: { ...current, surname: `Renamed${tag}`, password: '' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(ids(await search(`y${tag}nd`, admin), 'user')).toEqual([]);
    expect(ids(await search(`med${tag}`, admin), 'user')).toEqual([other.id]);
  });

  it('keeps inactive contacts out, as the lists do', async () => {
    const tag = uniqueTag('in');
    const contact = await createContact(t, user, leadPayload({ name: `Gone${tag}`, surname: 'Away' }));
    expect((await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(ids(await search(`gone${tag}`, admin), 'contact')).toEqual([]);
  });

  it('refuses a query shorter than 2 characters and a caller without a session', async () => {
    const res = await call(t, 'GET', '/api/search?q=a', user);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Type at least 2 characters');
    expect((await call(t, 'GET', '/api/search?q=abc')).statusCode).toBe(401);
  });

  it('treats LIKE wildcards and quotes as plain characters', async () => {
    for (const q of ['%%', '__', '"a"', "o'brien", '\\\\']) {
      const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, user);
      expect(res.statusCode, q).toBe(200);
      expect(ids(res.json<SearchJson>(), 'contact').length, q).toBe(0);
    }
  });
});

describe('duplicates while typing', () => {
  it('matches contacts by name and surname, e-mail or phone, as the saved banner does', async () => {
    const tag = uniqueTag('dp');
    const existing = await createContact(
      t,
      user,
      leadPayload({
        name: `Mehmet${tag}`,
        surname: 'Öz',
        email: `${tag}@dup.example`,
        phone: '+90 533 777 88 99',
      }),
    );
    const check = async (query: string) => {
      const res = await call(t, 'GET', `/api/search/contact-duplicates?${query}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; matchedOn: string[] }[]>();
    };
    expect(
      await check(`name=${encodeURIComponent(` mehmet${tag} `)}&surname=${encodeURIComponent('ÖZ')}`),
    ).toEqual([expect.objectContaining({ id: existing.id, matchedOn: ['name'] })]);
    expect(await check(`email=${encodeURIComponent(`${tag.toUpperCase()}@DUP.example`)}`)).toEqual([
      expect.objectContaining({ id: existing.id, matchedOn: ['email'] }),
    ]);
    expect(await check(`phone=${encodeURIComponent('+90 (533) 777-88-99')}`)).toEqual([
      expect.objectContaining({ id: existing.id, matchedOn: ['phone'] }),
    ]);
    // A name alone (without surname) is not the rule's full name; the record being edited is left out.
    expect(await check(`name=Mehmet${tag}`)).toEqual([]);
    expect(await check(`email=${tag}@dup.example&excludeId=${existing.id}`)).toEqual([]);
  });

  it('matches agencies by e-mail and office number', async () => {
    const tag = uniqueTag('da');
    const existing = await createAgency(t, admin, {
      email: `${tag}@agency.example`,
      officeNumber: '903925551212',
    });
    const res = await call(
      t,
      'GET',
      `/api/search/agency-duplicates?email=${encodeURIComponent(` ${tag.toUpperCase()}@agency.example `)}&officeNumber=${encodeURIComponent('+90 392 555 12 12')}`,
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fields: ['Email', 'Phone'],
      agencies: [{ id: existing.id, name: existing.name, matchedOn: ['Email', 'Phone'] }],
    });
    const none = await call(
      t,
      'GET',
      `/api/search/agency-duplicates?email=${tag}@agency.example&excludeId=${existing.id}`,
      user,
    );
    expect(none.json()).toEqual({ fields: [], agencies: [] });
  });

  it('refuses an excludeId that is not a number', async () => {
    const res = await call(t, 'GET', '/api/search/contact-duplicates?excludeId=abc', user);
    expect(res.statusCode).toBe(400);
  });
});
