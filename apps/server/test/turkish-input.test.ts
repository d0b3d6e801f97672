import { agencyMessages, compareTurkish, contactMessages, moneyMessages } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sortKeys from '../src/db/migrations/0023-turkish-sort-keys.js';
import { agencyPayload, createAgency } from './helpers/agencies.js';
import { type ContactJson, call, leadPayload } from './helpers/contacts.js';
import { preview, rows, run, upload } from './helpers/imports.js';
import { categoryTree, createCategory, createProduct, groupIds, productPayload } from './helpers/products.js';
import { createTestApp, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let groups: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  groups = await groupIds(t, user);
});
afterAll(async () => t.close());

const post = (payload: unknown) => call(t, 'POST', '/api/contacts', user, payload);
const put = (id: number, payload: unknown) => call(t, 'PUT', `/api/contacts/${id}`, user, payload);

describe('dates typed day first', () => {
  it('stores a birthday sent as 08.12.1992 as 8 December 1992', async () => {
    const res = await post(leadPayload({ birthday: '08.12.1992' }));
    expect(res.statusCode).toBe(201);
    const created = res.json<ContactJson>();
    expect(created.birthday).toBe('1992-12-08');
    const read = await call(t, 'GET', `/api/contacts/${created.id}`, user);
    expect(read.json<ContactJson>().birthday).toBe('1992-12-08');
  });

  it.each([
    ['31.02.1992', contactMessages.birthdayInvalid],
    ['1992-02-30', contactMessages.birthdayInvalid],
    ['12/31/1992', contactMessages.birthdayInvalid],
    ['08.12.92', contactMessages.birthdayInvalid],
    ['next week', contactMessages.birthdayInvalid],
    ['01.01.2999', contactMessages.birthdayFuture],
  ])('refuses the birthday %s with "%s", on create and on edit', async (birthday, message) => {
    const res = await post(leadPayload({ birthday }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).birthday).toBe(message);

    const created = (await post(leadPayload({ birthday: '1990-05-17' }))).json<ContactJson>();
    const edit = await put(created.id, { birthday });
    expect(edit.statusCode).toBe(400);
    expect(fieldsOf(edit).birthday).toBe(message);
    const kept = await call(t, 'GET', `/api/contacts/${created.id}`, user);
    expect(kept.json<ContactJson>().birthday).toBe('1990-05-17');
  });
});

describe('amounts typed with dots or commas', () => {
  it.each([
    ['250.000', 250000],
    ['250,000', 250000],
    ['250.000,50', 250000.5],
    ['250,000.50', 250000.5],
    ['£ 1.250.000', 1250000],
  ])('stores the budget %s as %d', async (budget, amount) => {
    const res = await post(leadPayload({ budget }));
    expect(res.statusCode).toBe(201);
    expect(res.json<ContactJson>().budget).toBe(amount);
  });

  it.each(['1.234,5.6', '12.34.5', '1,23,456', '0.500'])(
    'refuses the unclear budget %s instead of guessing',
    async (budget) => {
      const res = await post(leadPayload({ budget }));
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).budget).toBe(moneyMessages.ambiguous('Budget'));

      const created = (await post(leadPayload({ budget: 1000 }))).json<ContactJson>();
      const edit = await put(created.id, { budget });
      expect(edit.statusCode).toBe(400);
      expect(fieldsOf(edit).budget).toBe(moneyMessages.ambiguous('Budget'));
    },
  );

  it('reads an imported budget the same way, and refuses an unclear one in its row', async () => {
    const tag = `Bt${Date.now().toString(36)}`;
    const file = [
      'Name,Surname,Phone,Source,Budget',
      `Ece,${tag},905321112201,Facebook,"250.000"`,
      `Can,${tag},905321112202,Facebook,"1.234,5.6"`,
    ].join('\n');
    const view = await upload(t, user, 'budgets.csv', file);
    const settings = { mapping: view.mapping, skipErrors: true };
    await preview(t, user, view.id, settings);
    const [, unclear] = await rows(t, user, view.id);
    expect(unclear?.errors).toEqual([{ field: 'budget', message: moneyMessages.ambiguous('Budget') }]);
    await run(t, user, view.id, settings);
    const found = (await call(t, 'GET', `/api/contacts?type=lead&q=${tag}`, user)).json<ContactJson[]>();
    expect(found.map((contact) => contact.name)).toEqual(['Ece']);
    const ece = await call(t, 'GET', `/api/contacts/${found[0]!.id}`, user);
    expect(ece.json<ContactJson>().budget).toBe(250000);
  });

  it('reads a commission rate written with a decimal comma, and refuses an unclear one', async () => {
    const agency = await createAgency(t, admin, { commissionRate: '12,5' });
    expect(agency.commissionRate).toBe(12.5);
    const res = await call(
      t,
      'POST',
      '/api/agencies',
      admin,
      agencyPayload([admin.id], { commissionRate: '1.234,5' }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).commissionRate).toBe(agencyMessages.commissionNumber);
  });

  it('reads product prices the same way', async () => {
    const product = await createProduct(
      t,
      admin,
      productPayload({ realEstateProduct: { salePrice: '250.000', m2: '120,5', status: 'AVAILABLE' } }),
    );
    expect(product.realEstateProduct).toMatchObject({ salePrice: 250000, m2: 120.5 });

    const res = await call(
      t,
      'POST',
      '/api/products',
      admin,
      productPayload({ realEstateProduct: { salePrice: '12.34.5', m2: 80, status: 'AVAILABLE' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.values(fieldsOf(res))).toContain(moneyMessages.ambiguous('Sale Price'));
  });
});

const CITIES = [
  'İzmir',
  'Istanbul',
  'Çanakkale',
  'Cyprus',
  'Denizli',
  'Ödemiş',
  'Ordu',
  'Şile',
  'Sakarya',
  'Iğdır',
];

describe('Turkish order of categories', () => {
  it('lists a group’s subcategories in Turkish order: Ç after C, I before İ, Ş after S', async () => {
    for (const name of CITIES) await createCategory(t, admin, name, groups.City!);
    const city = (await categoryTree(t, user)).find((group) => group.name === 'City')!;
    const names = city.children.map((child) => child.name);
    expect(names).toEqual([...CITIES].sort(compareTurkish));
    expect(names).toEqual([
      'Cyprus',
      'Çanakkale',
      'Denizli',
      'Iğdır',
      'Istanbul',
      'İzmir',
      'Ordu',
      'Ödemiş',
      'Sakarya',
      'Şile',
    ]);
  });

  it('keeps a renamed category in its Turkish place', async () => {
    const tree = await categoryTree(t, user);
    const cyprus = tree.find((group) => group.name === 'City')!.children.find((c) => c.name === 'Cyprus')!;
    const res = await call(t, 'PATCH', `/api/product-categories/${cyprus.id}`, admin, {
      name: 'Çorlu',
      parentId: groups.City,
      version: cyprus.version,
    });
    expect(res.statusCode).toBe(200);
    const names = (await categoryTree(t, user))
      .find((group) => group.name === 'City')!
      .children.map((c) => c.name);
    expect(names.slice(0, 3)).toEqual(['Çanakkale', 'Çorlu', 'Denizli']);
  });

  it('lists a product’s chosen categories in Turkish order', async () => {
    const features = await Promise.all(
      ['Şömine', 'Sauna', 'Çamaşırhane', 'Cam balkon'].map((name) =>
        createCategory(t, admin, name, groups['Interior Features']!),
      ),
    );
    const product = await createProduct(
      t,
      admin,
      productPayload({ categoryIds: features.map((feature) => feature.id) }),
    );
    const read = await call(t, 'GET', `/api/products/${product.id}`, user);
    const names = read
      .json<{ productCategories: { category: { name: string } }[] }>()
      .productCategories.map((link) => link.category.name);
    expect(names).toEqual(['Cam balkon', 'Çamaşırhane', 'Sauna', 'Şömine']);
  });

  it('gives the categories that were there before the migration their keys', async () => {
    const fresh = await createTestApp();
    try {
      const someone = await signIn(fresh, {});
      const city = (await groupIds(fresh, someone)).City!;
      await sortKeys.down(fresh.db);
      const at = new Date().toISOString();
      await fresh.db
        .insertInto('product_categories')
        // The column is gone until the migration runs again, as on a database from before it.
        .values(
          ['Zonguldak', 'Çorum', 'Cizre', 'İnegöl', 'Isparta'].map((name) => ({
            name,
            parent_id: city,
            is_active: 1,
            created_at: at,
            updated_at: at,
          })) as never,
        )
        .execute();
      await sortKeys.up(fresh.db);
      const names = (await categoryTree(fresh, someone))
        .find((group) => group.name === 'City')!
        .children.map((child) => child.name);
      expect(names).toEqual(['Cizre', 'Çorum', 'Isparta', 'İnegöl', 'Zonguldak']);
    } finally {
      await fresh.close();
    }
  });
});
