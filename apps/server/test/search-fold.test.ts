import { foldCase, searchFold } from '@crm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../src/db/dialect.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { searchFoldCasedSql, searchFoldSql } from '../src/db/search-fold.js';
import { agencyPayload, createAgency } from './helpers/agencies.js';
import { type ContactJson, call, createContact, leadPayload } from './helpers/contacts.js';
import { preview, rows, upload } from './helpers/imports.js';
import { createProduct, productPayload } from './helpers/products.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/** Every way a person may type the name on a Turkish or an English keyboard. */
const TYPED = ['sukru', 'dagdelen', 'SUKRU', 'şükrü', 'ŞÜKRÜ', 'Sukru Dagdelen'];

interface SearchJson {
  groups: { kind: string; items: { id: number; title: string }[] }[];
}

const idsOf = (res: { json: <T>() => T }) => res.json<{ id: number }[]>().map((row) => row.id);
const paletteIds = (res: { json: <T>() => T }, kind: string) =>
  res
    .json<SearchJson>()
    .groups.find((group) => group.kind === kind)
    ?.items.map((item) => item.id) ?? [];
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const query = (value: string) => encodeURIComponent(value);

describe('search folds Turkish letters: "sukru" finds "Şükrü Dağdelen"', () => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  let sukruUser: SignedIn;
  let sukru: ContactJson;
  let cicekId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, { role: 'admin', firstName: 'Zehra', surname: 'Admin' });
    user = await signIn(t, { firstName: 'Umut', surname: 'Staff' });
    sukruUser = await signIn(t, { firstName: 'Şükrü', surname: 'Dağdelen' });
    cicekId = (await createAgency(t, admin, { name: 'Çiçek Emlak' })).id;
    sukru = await createContact(
      t,
      admin,
      leadPayload({
        name: 'Şükrü',
        surname: 'Dağdelen',
        email: 'sd@fold.example',
        phone: '+90 533 100 20 30',
        agencyId: cicekId,
        source: null,
      }),
    );
    const assigned = await call(t, 'PUT', `/api/contacts/${sukru.id}/assign`, admin, {
      assignedToId: sukruUser.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Another Turkish name, which none of the searches below may find.
    await createContact(
      t,
      admin,
      leadPayload({ name: 'Ayşe', surname: 'Yılmaz', email: 'ay@fold.example', phone: '+90 533 100 20 31' }),
    );
  });
  afterAll(() => t.close());

  it('the contacts list search finds it however it is typed, down to two letters', async () => {
    for (const q of [...TYPED, 'su', 'ŞÜ', 'dağ']) {
      const res = await call(t, 'GET', `/api/contacts?q=${query(q)}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(idsOf(res), q).toEqual([sukru.id]);
    }
    // A search walking the name order tests each row, which folds the same way.
    const sorted = await call(t, 'GET', `/api/contacts?q=sukru&sort=name&order=asc`, user);
    expect(idsOf(sorted)).toEqual([sukru.id]);
  });

  it('the palette finds it however it is typed, and an exact name first', async () => {
    for (const q of TYPED) {
      const res = await call(t, 'GET', `/api/search?q=${query(q)}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(paletteIds(res, 'contact'), q).toEqual([sukru.id]);
    }
  });

  it('the name filter folds in every mode, and the agency and assignee filters too', async () => {
    for (const filter of [
      ...TYPED.map((q) => `contains:${q}`),
      'containsIgnoreCase:SUKRU DAG',
      'equals:sukru dagdelen',
      'equals:ŞÜKRÜ DAĞDELEN',
    ]) {
      const res = await call(t, 'GET', `/api/contacts?filter.name=${query(filter)}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(idsOf(res), filter).toEqual([sukru.id]);
    }
    for (const [column, filter] of [
      ['agency', 'contains:cicek'],
      ['agency', 'equals:CICEK EMLAK'],
      ['assignedTo', 'contains:sukru'],
      ['assignedTo', 'equals:sukru dagdelen'],
    ] as const) {
      const res = await call(t, 'GET', `/api/contacts?filter.${column}=${query(filter)}`, user);
      expect(idsOf(res), `${column} ${filter}`).toEqual([sukru.id]);
    }
    const none = await call(t, 'GET', `/api/contacts?filter.name=${query('equals:sukru')}`, user);
    expect(idsOf(none)).toEqual([]);
  });

  it('folds an e-mail address in the filters and the palette, while duplicates compare it as written', async () => {
    const gul = await createContact(
      t,
      user,
      leadPayload({
        name: 'Gül',
        surname: 'Çınar',
        email: 'gül.çınar@örnek.example',
        phone: '+90 533 100 20 40',
      }),
    );
    for (const filter of [
      'equals:GUL.CINAR@ORNEK.EXAMPLE',
      'equals:gül.çınar@örnek.example',
      'contains:cinar@ornek',
    ]) {
      const res = await call(t, 'GET', `/api/contacts?filter.email=${query(filter)}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(idsOf(res), filter).toEqual([gul.id]);
    }
    const none = await call(t, 'GET', `/api/contacts?filter.email=${query('equals:gul.cinar@ornek')}`, user);
    expect(idsOf(none)).toEqual([]);
    expect(
      paletteIds(await call(t, 'GET', `/api/search?q=${query('cinar@ornek')}`, user), 'contact'),
    ).toEqual([gul.id]);
    const duplicates = async (email: string) =>
      (await call(t, 'GET', `/api/search/contact-duplicates?email=${query(email)}`, user)).json<
        { id: number }[]
      >();
    expect((await duplicates('GÜL.ÇINAR@örnek.example')).map((d) => d.id)).toEqual([gul.id]);
    expect(await duplicates('gul.cinar@ornek.example')).toEqual([]);
    expect((await call(t, 'DELETE', `/api/contacts/${gul.id}`, admin)).statusCode).toBe(200);
  });

  it('keeps ç apart from c in the sort: Cem before Çem, as the sort key still holds the letter', async () => {
    // Folded alike they would tie, and the older (Çem) would come first; in byte order, in any
    // database collation and in Turkish order, C comes before Ç.
    const tag = 'sortfold';
    const cem2 = await createContact(t, user, leadPayload({ name: 'Çem', surname: tag }));
    const cem = await createContact(t, user, leadPayload({ name: 'Cem', surname: tag }));
    const res = await call(
      t,
      'GET',
      `/api/contacts?filter.name=${query(`contains:${tag}`)}&sort=name&order=asc`,
      user,
    );
    expect(idsOf(res)).toEqual([cem.id, cem2.id]);
    // Both are found as "cem" all the same.
    const found = await call(t, 'GET', `/api/contacts?filter.name=${query('contains:cem')}`, user);
    expect(idsOf(found).sort()).toEqual([cem.id, cem2.id].sort());
  });

  it('duplicate checks take "Sukru Dagdelen" for "Şükrü Dağdelen", and compare e-mails as written', async () => {
    const check = async (q: string) => {
      const res = await call(t, 'GET', `/api/search/contact-duplicates?${q}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; matchedOn: string[] }[]>();
    };
    expect(await check('name=Sukru&surname=Dagdelen')).toEqual([
      expect.objectContaining({ id: sukru.id, matchedOn: ['name'] }),
    ]);
    expect(await check(`name=${query('ŞÜKRÜ')}&surname=dagdelen`)).toEqual([
      expect.objectContaining({ id: sukru.id, matchedOn: ['name'] }),
    ]);
    expect(await check('email=SD@fold.example')).toEqual([
      expect.objectContaining({ id: sukru.id, matchedOn: ['email'] }),
    ]);

    // The duplicates screen groups the two spellings under one folded name.
    const twin = await createContact(t, user, leadPayload({ name: 'Sukru', surname: 'Dagdelen' }));
    const groups = await call(t, 'GET', '/api/duplicates/contacts?rule=name&limit=100', admin);
    expect(groups.statusCode, groups.body).toBe(200);
    const group = groups
      .json<{ groups: { value: string; count: number; members: { id: number }[] }[] }>()
      .groups.find((g) => g.value === 'sukru dagdelen');
    expect(group?.count).toBe(2);
    expect(group?.members.map((m) => m.id).sort()).toEqual([sukru.id, twin.id].sort());
    expect((await call(t, 'DELETE', `/api/contacts/${twin.id}`, admin)).statusCode).toBe(200);
  });

  it('an import finds the contact, the partner and the assignee by folded names', async () => {
    const view = await upload(
      t,
      admin,
      'fold.csv',
      csv('Name,Surname,Phone,Agency,Assigned To', 'Sukru,Dagdelen,905331002099,cicek emlak,SUKRU DAGDELEN'),
    );
    await preview(t, admin, view.id, { mapping: view.mapping });
    const [row] = await rows(t, admin, view.id);
    expect(row).toMatchObject({
      action: 'create',
      errors: [],
      duplicates: [{ in: 'database', id: sukru.id, name: 'Şükrü Dağdelen', on: ['name'] }],
    });
  });

  it('partners, products and users are found folded in their lists and the palette', async () => {
    const gunes = await createProduct(t, admin, { title: 'Güneş Evleri' });
    for (const q of ['cicek', 'ÇİÇEK', 'Cicek Emlak']) {
      expect(idsOf(await call(t, 'GET', `/api/agencies?q=${query(q)}`, admin)), q).toEqual([cicekId]);
      expect(paletteIds(await call(t, 'GET', `/api/search?q=${query(q)}`, user), 'agency'), q).toEqual([
        cicekId,
      ]);
    }
    const byName = await call(t, 'GET', `/api/agencies?filter.name=${query('equals:cicek emlak')}`, admin);
    expect(idsOf(byName)).toEqual([cicekId]);
    for (const q of ['gunes', 'GÜNEŞ', 'gu']) {
      expect(idsOf(await call(t, 'GET', `/api/products?q=${query(q)}`, admin)), q).toEqual([gunes.id]);
      expect(paletteIds(await call(t, 'GET', `/api/search?q=${query(q)}`, user), 'product'), q).toEqual([
        gunes.id,
      ]);
    }
    const byTitleStart = await call(
      t,
      'GET',
      `/api/products?filter.title=${query('contains:gunes ev')}`,
      admin,
    );
    expect(idsOf(byTitleStart)).toEqual([gunes.id]);
    for (const q of ['sukru', 'su', 'ŞÜKRÜ dağ']) {
      expect(paletteIds(await call(t, 'GET', `/api/search?q=${query(q)}`, admin), 'user'), q).toEqual([
        sukruUser.id,
      ]);
      expect(idsOf(await call(t, 'GET', `/api/users?q=${query(q)}`, admin)), q).toEqual([sukruUser.id]);
    }
  });

  it('the database folds stored keys exactly as searchFold does', async () => {
    const engine = engineOf(t.db);
    const samples = ['Şükrü Dağdelen', 'ÇİĞDEM ÖZTÜRK', 'Işık İpek', 'Kâzım Îmân Ûmit', 'René O’Brien'];
    for (const sample of samples) {
      const key = foldCase(sample);
      const { rows: stored } = await sql<{ folded: string }>`select ${sql.raw(
        searchFoldSql(engine, 'v'),
      )} as folded from (select ${key} as v) given`.execute(t.db);
      expect(stored[0]?.folded, sample).toBe(searchFold(sample));
      const { rows: asWritten } = await sql<{ folded: string }>`select ${sql.raw(
        searchFoldCasedSql(engine, 'v'),
      )} as folded from (select ${sample} as v) given`.execute(t.db);
      // SQLite's lower() leaves accented capitals other than Turkish ones; there are none here but É.
      expect(asWritten[0]?.folded, sample).toBe(searchFold(sample));
    }
  });
});

/**
 * An app on a database migrated up to `before`, given rows as the code of that time wrote them by
 * `writeOldRows`, then migrated to the latest version.
 */
function appMigratedFrom(
  before: string,
  writeOldRows: (db: TestApp['db']) => Promise<void>,
): Promise<TestApp> {
  return createTestApp({}, async (db) => {
    await migrateUpTo(db, before);
    await writeOldRows(db);
    await migrateToLatest(db);
  });
}

/** A user as the versions before 0018 and 0026 wrote one, with no API to call yet. */
async function insertOldOwner(db: TestApp['db'], email: string, phone: string): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      name: 'Old Owner',
      first_name: 'Old',
      surname: 'Owner',
      phone,
      email,
      password_hash: 'x',
      role: 'admin',
      is_active: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('migration 0018', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await appMigratedFrom('0017-job-schedules', async (db) => {
      // Rows as the versions before 0018 wrote them: every key by foldCase, ş and ğ kept.
      const now = new Date().toISOString();
      const ownerId = await insertOldOwner(db, 'old.owner@fold.example', '905321234567');
      await db
        .insertInto('contacts')
        .values({
          type: 'LEAD',
          name: 'Şükrü',
          surname: 'Dağdelen',
          phone: '905331002030',
          email: 'sd@fold.example',
          owner_id: ownerId,
          name_key: 'şükrü dağdelen',
          email_key: 'sd@fold.example',
          owner_key: 'old owner',
          search_text: foldCase('Şükrü Dağdelen\nsd@fold.example\n905331002030\n'),
          surname_key: 'dağdelen',
          phone_key: '5331002030',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await db
        .insertInto('agencies')
        .values({
          name: 'Çiçek Emlak',
          name_key: 'çiçek emlak',
          search_text: 'çiçek emlak',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await db
        .insertInto('products')
        .values({
          title: 'Güneş Evleri',
          title_key: 'güneş evleri',
          product_type: 'REAL_ESTATE',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
    });
  });
  afterAll(() => t.close());

  it('folds the keys of rows written before it, so that lists and the palette find them', async () => {
    const who = await signIn(t, { role: 'admin' });
    for (const q of ['sukru', 'dagdelen', 'su', 'ŞÜKRÜ']) {
      const list = await call(t, 'GET', `/api/contacts?q=${query(q)}`, who);
      expect(list.statusCode, list.body).toBe(200);
      expect(
        list.json<ContactJson[]>().map((c) => c.name),
        q,
      ).toEqual(['Şükrü']);
      const palette = await call(t, 'GET', `/api/search?q=${query(q)}`, who);
      expect(paletteIds(palette, 'contact').length, q).toBe(1);
    }
    const filtered = await call(t, 'GET', `/api/contacts?filter.name=${query('equals:sukru dagdelen')}`, who);
    expect(filtered.json<ContactJson[]>().map((c) => c.name)).toEqual(['Şükrü']);
    expect(idsOf(await call(t, 'GET', '/api/agencies?q=cicek', who))).toHaveLength(1);
    expect(idsOf(await call(t, 'GET', '/api/products?q=gunes', who))).toHaveLength(1);
    // The sort key keeps its letters for the sort.
    const [row] = await t.db
      .selectFrom('contacts')
      .select(['name_key', 'name_fold', 'surname_key'])
      .execute();
    expect(row).toEqual({ name_key: 'şükrü dağdelen', name_fold: 'sukru dagdelen', surname_key: 'dagdelen' });
  });
});

describe('migration 0026', () => {
  let t: TestApp;
  const ids = { contact: 0, agency: 0, product: 0 };

  beforeAll(async () => {
    t = await appMigratedFrom('0025-column-widths', async (db) => {
      // Rows as the versions before 0026 wrote them: the folded names were made by the database.
      const now = new Date().toISOString();
      const ownerId = await insertOldOwner(db, 'old.owner@fold26.example', '905321234568');
      const contact = await db
        .insertInto('contacts')
        .values({
          type: 'LEAD',
          name: 'Şükrü',
          surname: 'Dağdelen',
          phone: '905331002031',
          owner_id: ownerId,
          name_key: 'şükrü dağdelen',
          owner_key: 'old owner',
          search_text: searchFold('Şükrü Dağdelen\n905331002031\n'),
          surname_key: 'dagdelen',
          phone_key: '5331002031',
          source: 'Facebook',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const agency = await db
        .insertInto('agencies')
        .values({
          name: 'Çiçek Emlak',
          name_key: 'çiçek emlak',
          search_text: 'cicek emlak',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const product = await db
        .insertInto('products')
        .values({
          title: 'Güneş Evleri',
          title_key: 'güneş evleri',
          product_type: 'REAL_ESTATE',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      Object.assign(ids, { contact: contact.id, agency: agency.id, product: product.id });
    });
  });
  afterAll(() => t.close());

  it('keeps the folded names as plain columns with the values the database had made', async () => {
    const columns =
      engineOf(t.db) === 'sqlite'
        ? await sql<{ name: string; generated: number }>`
            select name, hidden as generated from pragma_table_xinfo('contacts') where name = 'name_fold'
            union all select name, hidden from pragma_table_xinfo('agencies') where name = 'name_fold'
            union all select name, hidden from pragma_table_xinfo('products') where name = 'title_fold'`.execute(
            t.db,
          )
        : await sql<{ name: string; generated: number }>`
            select attname as name, case when attgenerated = '' then 0 else 1 end as generated
            from pg_attribute where attrelid in ('contacts'::regclass, 'agencies'::regclass, 'products'::regclass)
              and attname in ('name_fold', 'title_fold')`.execute(t.db);
    expect(columns.rows.map((row) => Number(row.generated))).toEqual([0, 0, 0]);
    expect(
      await t.db.selectFrom('contacts').select('name_fold').where('id', '=', ids.contact).executeTakeFirst(),
    ).toEqual({ name_fold: 'sukru dagdelen' });
    expect(
      await t.db.selectFrom('agencies').select('name_fold').where('id', '=', ids.agency).executeTakeFirst(),
    ).toEqual({ name_fold: 'cicek emlak' });
    expect(
      await t.db.selectFrom('products').select('title_fold').where('id', '=', ids.product).executeTakeFirst(),
    ).toEqual({ title_fold: 'gunes evleri' });
  });

  it('finds a renamed contact, agency and product by their new names only', async () => {
    const who = await signIn(t, { role: 'admin' });
    const contact = await call(
      t,
      'PUT',
      `/api/contacts/${ids.contact}`,
      who,
      leadPayload({ name: 'Çağla', surname: 'Öztürk', phone: '+90 533 100 20 31' }),
    );
    expect(contact.statusCode, contact.body).toBe(200);
    const byName = async (name: string) =>
      idsOf(await call(t, 'GET', `/api/contacts?filter.name=${query(`equals:${name}`)}`, who));
    expect(await byName('cagla ozturk')).toEqual([ids.contact]);
    expect(await byName('sukru dagdelen')).toEqual([]);
    expect(paletteIds(await call(t, 'GET', `/api/search?q=${query('cagla')}`, who), 'contact')).toEqual([
      ids.contact,
    ]);

    const agency = await call(t, 'PUT', `/api/agencies/${ids.agency}`, who, {
      ...agencyPayload([who.id]),
      name: 'Gül Yapı',
    });
    expect(agency.statusCode, agency.body).toBe(200);
    expect(paletteIds(await call(t, 'GET', `/api/search?q=${query('gul yapi')}`, who), 'agency')).toEqual([
      ids.agency,
    ]);
    expect(paletteIds(await call(t, 'GET', `/api/search?q=${query('cicek')}`, who), 'agency')).toEqual([]);

    const product = await call(
      t,
      'PUT',
      `/api/products/${ids.product}`,
      who,
      productPayload({ title: 'Çınar Konakları' }),
    );
    expect(product.statusCode, product.body).toBe(200);
    expect(idsOf(await call(t, 'GET', `/api/products?q=${query('cinar')}`, who))).toEqual([ids.product]);
    expect(idsOf(await call(t, 'GET', `/api/products?q=${query('gunes')}`, who))).toEqual([]);
  });
});
