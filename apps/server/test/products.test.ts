import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgencyDetailJson, api, createAgency } from './helpers/agencies.js';
import {
  type CategoryJson,
  createCategory,
  createProduct,
  groupIds,
  type ProductJson,
  productPayload,
} from './helpers/products.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let groups: Record<string, number>;
const cat: Record<string, CategoryJson> = {};
let company: AgencyDetailJson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  groups = await groupIds(t, user);
  const subs: [string, string][] = [
    ['City', 'Kyrenia'],
    ['City', 'Nicosia'],
    ['Unit Type', '2+1'],
    ['Unit Type', '3+1'],
    ['Property Type', 'Villa'],
    ['View', 'Sea'],
    ['View', 'Mountain'],
    ['Interior Features', 'Fireplace'],
    ['Interior Features', 'Air Conditioning'],
    ['Interior Features', 'Balcony'],
    ['Exterior Features', 'Pool'],
    ['Exterior Features', 'Garden'],
  ];
  for (const [group, name] of subs) cat[name] = await createCategory(t, admin, name, groups[group]!);
  company = await createAgency(t, user, { name: 'Builder Ltd' });
});
afterAll(async () => t.close());

const FORBIDDEN = 'You do not have permission to do this';
const post = (payload: unknown, who: SignedIn | null = user) => api(t, 'POST', '/api/products', who, payload);
const put = (id: number, payload: unknown, who: SignedIn | null = user) =>
  api(t, 'PUT', `/api/products/${id}`, who, payload);
const read = async (id: number, who: SignedIn = user) => {
  const res = await api(t, 'GET', `/api/product/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<ProductJson>();
};
const ids = (...names: string[]) => names.map((name) => cat[name]!.id);

describe('authentication', () => {
  it.each([
    ['GET', '/api/products'],
    ['GET', '/api/product/1'],
    ['GET', '/api/products/1'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/1'],
    ['PUT', '/api/products/bulk-activate'],
  ] as const)('answers %s %s with 401 without a session', async (method, url) => {
    const res = await api(t, method, url, null, method === 'GET' ? undefined : productPayload());
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/products', () => {
  it('creates a real-estate product with its categories and company, active by default', async () => {
    const payload = productPayload({
      title: '  Villa with pool  ',
      description: '  Four bedrooms  ',
      categoryIds: ids('Kyrenia', 'Villa', 'Sea', 'Pool', 'Garden', 'Fireplace', 'Balcony'),
      realEstateCompanyId: company.id,
      realEstateProduct: { salePrice: 425000.5, m2: 212.75, status: 'RESERVED' },
    });
    delete payload.isActive;
    const res = await post(payload);
    expect(res.statusCode).toBe(201);
    const product = res.json<ProductJson>();
    expect(product).toMatchObject({
      id: expect.any(Number),
      title: 'Villa with pool',
      description: 'Four bedrooms',
      productType: 'REAL_ESTATE',
      realEstateCompanyId: company.id,
      realEstateCompany: { id: company.id, name: 'Builder Ltd' },
      realEstateProduct: { salePrice: 425000.5, m2: 212.75, status: 'RESERVED' },
      dormitoryProduct: null,
      maintenanceProduct: null,
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect([...product.categoryIds].sort((a, b) => a - b)).toEqual(
      ids('Kyrenia', 'Villa', 'Sea', 'Pool', 'Garden', 'Fireplace', 'Balcony').sort((a, b) => a - b),
    );
    const byName = Object.fromEntries(
      product.productCategories.map(({ category }) => [category.name, category]),
    );
    expect(byName.Kyrenia).toEqual({ id: cat.Kyrenia!.id, name: 'Kyrenia', parent: { name: 'City' } });
    expect(byName.Pool).toEqual({ id: cat.Pool!.id, name: 'Pool', parent: { name: 'Exterior Features' } });
    expect(byName.Fireplace?.parent).toEqual({ name: 'Interior Features' });
    expect(Object.keys(byName)).toHaveLength(7);
    expect(await read(product.id)).toEqual(product);
  });

  it('lets any signed-in user add a product, and takes isActive false', async () => {
    const res = await post(productPayload({ isActive: false }), user);
    expect(res.statusCode).toBe(201);
    expect(res.json().isActive).toBe(false);
  });

  it('creates a dormitory product with its block', async () => {
    const res = await post(
      productPayload({
        title: 'Student room',
        productType: 'DORMITORY',
        realEstateProduct: null,
        dormitoryProduct: { roomNumber: ' A-101 ', termPrice: 2450.55, annualPrice: '4800.10' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      productType: 'DORMITORY',
      realEstateProduct: null,
      dormitoryProduct: { roomNumber: 'A-101', termPrice: 2450.55, annualPrice: 4800.1 },
      maintenanceProduct: null,
    });
  });

  it('creates a maintenance product with its block', async () => {
    const res = await post(
      productPayload({
        title: 'Boiler service',
        productType: 'MAINTENANCE',
        realEstateProduct: undefined,
        maintenanceProduct: { productType: ' Plumbing ', description: 'Yearly check' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      productType: 'MAINTENANCE',
      realEstateProduct: null,
      dormitoryProduct: null,
      maintenanceProduct: { productType: 'Plumbing', description: 'Yearly check' },
    });
  });

  it('keeps only the block of the chosen type', async () => {
    const res = await post(
      productPayload({
        productType: 'DORMITORY',
        realEstateProduct: { salePrice: 1, m2: 1, status: 'SOLD' },
        dormitoryProduct: { roomNumber: 'B-2', termPrice: 10, annualPrice: 20 },
        maintenanceProduct: { productType: 'x', description: 'y' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const product = res.json<ProductJson>();
    expect(product.realEstateProduct).toBeNull();
    expect(product.maintenanceProduct).toBeNull();
    expect(product.dormitoryProduct).toEqual({ roomNumber: 'B-2', termPrice: 10, annualPrice: 20 });
  });

  it.each(['AVAILABLE', 'RESERVED', 'SOLD'])('takes the real-estate status %s', async (status) => {
    const res = await post(productPayload({ realEstateProduct: { salePrice: 1, m2: 1, status } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().realEstateProduct.status).toBe(status);
  });

  it.each([[undefined], [''], [null]])('defaults a status of %j to AVAILABLE', async (status) => {
    const res = await post(productPayload({ realEstateProduct: { salePrice: 1, m2: 1, status } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().realEstateProduct.status).toBe('AVAILABLE');
  });

  it('answers empty amounts as null', async () => {
    const res = await post(productPayload({ realEstateProduct: { salePrice: '', m2: null } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().realEstateProduct).toEqual({ salePrice: null, m2: null, status: 'AVAILABLE' });
  });

  it.each([
    [0.1 + 0.2, 0.3],
    [19.99, 19.99],
    ['12.34', 12.34],
    [1234567.89, 1234567.89],
    [999999999.99, 999999999.99],
    [0.01, 0.01],
    [0, 0],
  ])('stores money %j without drift and answers %j', async (amount, expected) => {
    const re = await post(productPayload({ realEstateProduct: { salePrice: amount, m2: amount } }));
    expect(re.statusCode).toBe(201);
    expect(re.json().realEstateProduct).toMatchObject({ salePrice: expected, m2: expected });
    const dorm = await post(
      productPayload({
        productType: 'DORMITORY',
        dormitoryProduct: { roomNumber: '1', termPrice: amount, annualPrice: amount },
      }),
    );
    expect(dorm.statusCode).toBe(201);
    const product = await read(dorm.json().id);
    expect(product.dormitoryProduct).toEqual({ roomNumber: '1', termPrice: expected, annualPrice: expected });
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: '    ' }, 'title', 'Title is required'],
    [{ title: undefined }, 'title', 'Title is required'],
    [{ title: null }, 'title', 'Title is required'],
    [{ productType: 'LAND' }, 'productType', 'Product type must be REAL_ESTATE, DORMITORY or MAINTENANCE'],
    [{ productType: undefined }, 'productType', 'Product type must be REAL_ESTATE, DORMITORY or MAINTENANCE'],
    [{ realEstateProduct: null }, 'realEstateProduct', 'The real estate details are required'],
    [{ realEstateProduct: undefined }, 'realEstateProduct', 'The real estate details are required'],
    [{ productType: 'DORMITORY' }, 'dormitoryProduct', 'The dormitory details are required'],
    [{ productType: 'MAINTENANCE' }, 'maintenanceProduct', 'The maintenance details are required'],
    [
      { realEstateProduct: { salePrice: 1, m2: 1, status: 'PENDING' } },
      'realEstateProduct.status',
      'Status must be AVAILABLE, RESERVED or SOLD',
    ],
    [
      { realEstateProduct: { salePrice: -1, m2: 1 } },
      'realEstateProduct.salePrice',
      'Amounts must be at least 0',
    ],
    [
      { realEstateProduct: { salePrice: 'lots', m2: 1 } },
      'realEstateProduct.salePrice',
      'Sale Price must be a number',
    ],
    [
      { productType: 'DORMITORY', dormitoryProduct: { termPrice: -0.01 } },
      'dormitoryProduct.termPrice',
      'Amounts must be at least 0',
    ],
  ])('refuses %j (%s: %s)', async (override, field, message) => {
    const res = await post(productPayload(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('refuses two choices in a one-choice group, with a clear message', async () => {
    for (const [names, group] of [
      [['Kyrenia', 'Nicosia'], 'City'],
      [['2+1', '3+1'], 'Unit Type'],
      [['Sea', 'Mountain', 'Pool'], 'View'],
    ] as const) {
      const res = await post(productPayload({ categoryIds: ids(...names) }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(`Choose only one ${group}`);
      expect(fieldsOf(res)).toEqual({ categoryIds: `Choose only one ${group}` });
    }
  });

  it('takes several Interior and Exterior Features', async () => {
    const res = await post(
      productPayload({
        categoryIds: ids('Fireplace', 'Air Conditioning', 'Balcony', 'Pool', 'Garden', 'Nicosia', '3+1'),
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().categoryIds).toHaveLength(7);
  });

  it('takes a category sent twice once', async () => {
    const res = await post(productPayload({ categoryIds: [cat.Sea!.id, String(cat.Sea!.id)] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().categoryIds).toEqual([cat.Sea!.id]);
  });

  it('refuses a group itself and an unknown category', async () => {
    const group = await post(productPayload({ categoryIds: [groups.City] }));
    expect(group.statusCode).toBe(400);
    expect(errorOf(group)).toBe('Choose categories inside a group, not the group itself');
    const unknown = await post(productPayload({ categoryIds: [cat.Sea!.id, 999_999] }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('One of the chosen categories does not exist');
  });

  it('refuses an unknown real estate company and takes 0 or "" as none', async () => {
    const unknown = await post(productPayload({ realEstateCompanyId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual({
      realEstateCompanyId: 'The real estate company must be an existing partner',
    });
    for (const none of [0, '', null]) {
      const res = await post(productPayload({ realEstateCompanyId: none }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ realEstateCompanyId: null, realEstateCompany: null });
    }
  });
});

describe('GET /api/product/{id} and /api/products/{id}', () => {
  it('answers the same product at both paths', async () => {
    const product = await createProduct(t, admin, { categoryIds: ids('Sea') });
    const single = await api(t, 'GET', `/api/product/${product.id}`, user);
    const plural = await api(t, 'GET', `/api/products/${product.id}`, user);
    expect(single.statusCode).toBe(200);
    expect(plural.statusCode).toBe(200);
    expect(single.json()).toEqual(product);
    expect(plural.json()).toEqual(product);
  });

  it('answers 404 "Products not found." for an unknown product, and 400 for a malformed id', async () => {
    for (const url of ['/api/product/999999', '/api/products/999999']) {
      const res = await api(t, 'GET', url, user);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Products not found.');
    }
    expect((await api(t, 'GET', '/api/product/abc', user)).statusCode).toBe(400);
  });

  it('shows an inactive product', async () => {
    const product = await createProduct(t, user, { isActive: false });
    expect((await read(product.id)).isActive).toBe(false);
  });
});

describe('PUT /api/products/{id}', () => {
  it('replaces every field, the categories and the block', async () => {
    const product = await createProduct(t, admin, {
      categoryIds: ids('Kyrenia', 'Pool'),
      realEstateCompanyId: company.id,
    });
    const res = await put(
      product.id,
      {
        title: ' Renamed ',
        description: 'Now a dormitory',
        categoryIds: ids('Nicosia', 'Balcony', 'Fireplace'),
        productType: 'DORMITORY',
        realEstateCompanyId: null,
        dormitoryProduct: { roomNumber: 'C-3', termPrice: 1000.01, annualPrice: 1999.99 },
        isActive: false,
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json<ProductJson>();
    expect(updated).toMatchObject({
      id: product.id,
      title: 'Renamed',
      description: 'Now a dormitory',
      productType: 'DORMITORY',
      realEstateCompanyId: null,
      realEstateCompany: null,
      realEstateProduct: null,
      dormitoryProduct: { roomNumber: 'C-3', termPrice: 1000.01, annualPrice: 1999.99 },
      maintenanceProduct: null,
      isActive: false,
      createdAt: product.createdAt,
    });
    expect([...updated.categoryIds].sort((a, b) => a - b)).toEqual(
      ids('Nicosia', 'Balcony', 'Fireplace').sort((a, b) => a - b),
    );
    expect(await read(product.id)).toEqual(updated);
  });

  it('validates like POST and changes nothing on refusal', async () => {
    const product = await createProduct(t, user, { title: 'Unchanged' });
    const blank = await put(product.id, productPayload({ title: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toBe('Title is required');
    const twoCities = await put(product.id, productPayload({ categoryIds: ids('Kyrenia', 'Nicosia') }));
    expect(twoCities.statusCode).toBe(400);
    expect(errorOf(twoCities)).toBe('Choose only one City');
    expect((await read(product.id)).title).toBe('Unchanged');
  });

  it('answers 404 for an unknown product', async () => {
    const res = await put(999_999, productPayload());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Products not found.');
  });
});

describe('PUT /api/products/bulk-activate and bulk-deactivate', () => {
  it('changes only the products whose state differs and says how many', async () => {
    const a = await createProduct(t, user);
    const b = await createProduct(t, user);
    const c = await createProduct(t, user, { isActive: false });
    const off = await api(t, 'PUT', '/api/products/bulk-deactivate', admin, { ids: [a.id, b.id, c.id] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ count: 2, message: 'Deactivated 2 products successfully' });
    for (const id of [a.id, b.id, c.id]) expect((await read(id)).isActive).toBe(false);
    const again = await api(t, 'PUT', '/api/products/bulk-deactivate', admin, { ids: [a.id, b.id, 999_999] });
    expect(again.json()).toEqual({ count: 0, message: 'Nothing to update' });
    const on = await api(t, 'PUT', '/api/products/bulk-activate', admin, { ids: [a.id, a.id, c.id] });
    expect(on.json()).toEqual({ count: 2, message: 'Activated 2 products successfully' });
    expect((await read(b.id)).isActive).toBe(false);
  });

  it('is refused to a non-admin with 403 and changes nothing', async () => {
    const a = await createProduct(t, user);
    for (const path of ['bulk-activate', 'bulk-deactivate']) {
      const res = await api(t, 'PUT', `/api/products/${path}`, user, { ids: [a.id] });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(FORBIDDEN);
    }
    expect((await read(a.id)).isActive).toBe(true);
  });

  it('validates the id list', async () => {
    const empty = await api(t, 'PUT', '/api/products/bulk-activate', admin, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('Choose at least one product');
    const missing = await api(t, 'PUT', '/api/products/bulk-activate', admin, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('ids must be a list of product ids');
  });
});

/** A row of GET /api/products: what the list shows and its actions need. */
const LIST_ROW_KEYS = [
  'createdAt',
  'id',
  'isActive',
  'productType',
  'realEstateCompany',
  'realEstateCompanyId',
  'title',
  'updatedAt',
];

describe('GET /api/products rows and the whole product at the detail', () => {
  it('lists the row with its company, and the detail keeps description, categories and block', async () => {
    const title = `Row Villa ${Date.now()}`;
    const product = await createProduct(t, user, {
      title,
      description: 'By the sea',
      categoryIds: ids('Sea', 'Kyrenia'),
      realEstateCompanyId: company.id,
    });
    const res = await api(t, 'GET', `/api/products?q=${encodeURIComponent(title)}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: product.id,
        title,
        productType: 'REAL_ESTATE',
        realEstateCompanyId: company.id,
        realEstateCompany: { id: company.id, name: 'Builder Ltd' },
        isActive: true,
        createdAt: product.createdAt,
        updatedAt: product.updatedAt,
      },
    ]);
    const detail = await read(product.id);
    expect(detail).toEqual(product);
    expect(detail).toMatchObject({
      description: 'By the sea',
      realEstateCompany: { id: company.id, name: 'Builder Ltd' },
      realEstateProduct: expect.any(Object),
    });
    expect([...detail.categoryIds].sort()).toEqual(ids('Sea', 'Kyrenia').sort());
    expect(detail.productCategories.map((link) => link.category.name)).toEqual(['Kyrenia', 'Sea']);
  });
});

describe('GET /api/products (list)', () => {
  let lt: TestApp;
  let someone: SignedIn;
  const made: Record<string, ProductJson> = {};
  const titles = ['banana Flat', 'Apple Villa', 'cherry 50% off', 'Date_House', 'elder Room'];
  beforeAll(async () => {
    lt = await createTestApp();
    someone = await signIn(lt, { firstName: 'Lis', surname: 'Ter' });
    for (const title of titles) {
      const dorm = title === 'elder Room';
      made[title] = await createProduct(lt, someone, {
        title,
        productType: dorm ? 'DORMITORY' : 'REAL_ESTATE',
        dormitoryProduct: dorm ? { roomNumber: '9', termPrice: 1, annualPrice: 2 } : null,
        isActive: title !== 'cherry 50% off',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(async () => lt.close());

  async function list(query: string) {
    const res = await api(lt, 'GET', `/api/products${query ? `?${query}` : ''}`, someone);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<ProductJson[]>();
    return { titles: rows.map((row) => row.title), total: Number(res.headers['x-total-count']), rows };
  }

  it('lists every product newest first by default, with the total in X-Total-Count', async () => {
    const { titles: got, total } = await list('');
    expect(got).toEqual([...titles].reverse());
    expect(total).toBe(5);
  });

  it('answers list rows: no description, categories or type blocks', async () => {
    const { rows } = await list('');
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(LIST_ROW_KEYS);
    const apple = made['Apple Villa']!;
    expect(rows.find((row) => row.title === 'Apple Villa')).toEqual(
      Object.fromEntries(LIST_ROW_KEYS.map((key) => [key, apple[key as keyof ProductJson]])),
    );
  });

  it('keeps the whole product, categories and type block included, at the detail', async () => {
    const { rows } = await list('');
    const elder = rows.find((row) => row.title === 'elder Room')!;
    const res = await api(lt, 'GET', `/api/product/${elder.id}`, someone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(made['elder Room']);
    expect(res.json()).toMatchObject({
      description: expect.any(String),
      categoryIds: expect.any(Array),
      productCategories: expect.any(Array),
      dormitoryProduct: { roomNumber: '9', termPrice: 1, annualPrice: 2 },
    });
  });

  it.each([
    ['sort=title', ['Apple Villa', 'banana Flat', 'cherry 50% off', 'Date_House', 'elder Room']],
    ['sort=title&order=desc', ['elder Room', 'Date_House', 'cherry 50% off', 'banana Flat', 'Apple Villa']],
    ['sort=createdAt&order=asc', titles],
    ['sort=isActive&order=asc', ['cherry 50% off', 'banana Flat', 'Apple Villa', 'Date_House', 'elder Room']],
    [
      'sort=productType&order=desc',
      ['banana Flat', 'Apple Villa', 'cherry 50% off', 'Date_House', 'elder Room'],
    ],
  ])('sorts with %s', async (query, expected) => {
    if (query.startsWith('sort=productType')) {
      // DORMITORY < REAL_ESTATE: descending puts the real-estate ones (newest id first) before the dormitory.
      const { titles: got } = await list(query);
      expect(got.at(-1)).toBe('elder Room');
      expect(got.slice(0, 4).sort()).toEqual(expected.slice(0, 4).sort());
      return;
    }
    expect((await list(query)).titles).toEqual(expected);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const first = await list('sort=title&limit=2');
    const second = await list('sort=title&limit=2&offset=2');
    const third = await list('sort=title&limit=2&offset=4');
    expect([first.titles, second.titles, third.titles]).toEqual([
      ['Apple Villa', 'banana Flat'],
      ['cherry 50% off', 'Date_House'],
      ['elder Room'],
    ]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
  });

  it.each([
    ['VILLA', ['Apple Villa']],
    ['a', ['Apple Villa', 'banana Flat', 'Date_House']],
    ['50%', ['cherry 50% off']],
    ['%', ['cherry 50% off']],
    ['_', ['Date_House']],
    ['  room ', ['elder Room']],
    ['nothing', []],
  ])('searches titles for %j', async (text, expected) => {
    const { titles: got, total } = await list(`q=${encodeURIComponent(text)}&sort=title`);
    expect(got).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it.each([
    ['filter.productType=equals:DORMITORY', ['elder Room']],
    ['filter.isActive=equals:false', ['cherry 50% off']],
    ['filter.title=contains:FLAT', ['banana Flat']],
    ['filter.title=equals:apple villa', ['Apple Villa']],
  ])('filters with %s', async (query, expected) => {
    expect((await list(`${query}&sort=title`)).titles).toEqual(expected);
  });

  it('combines search, filter and sort', async () => {
    const { titles: got, total } = await list('q=e&filter.isActive=equals:true&sort=title&order=desc');
    expect(got).toEqual(['elder Room', 'Date_House', 'Apple Villa']);
    expect(total).toBe(3);
  });

  it.each([
    ['sort=price', 'Unknown sort column: price'],
    ['filter.description=contains:x', 'Unknown filter column: description'],
    ['filter.isActive=equals:yes', 'A status filter must be true or false'],
    ['limit=1000', 'limit must be at most 500'],
  ])('answers %s with 400 "%s"', async (query, message) => {
    const res = await api(lt, 'GET', `/api/products?${query}`, someone);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });
});

describe('ids beyond the database’s integer range', () => {
  const HUGE = 2_147_483_648; // 2^31: one past the largest PostgreSQL integer

  it('are answered 400 or 404 (or a no-op), never 500', async () => {
    const requests: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown][] =
      [
        ['GET', `/api/product/${HUGE}`],
        ['GET', `/api/products/${HUGE}`],
        ['PUT', `/api/products/${HUGE}`, productPayload()],
        ['PUT', '/api/products/bulk-activate', { ids: [HUGE] }],
        ['POST', '/api/products', productPayload({ categoryIds: [HUGE] })],
        ['POST', '/api/products', productPayload({ realEstateCompanyId: HUGE })],
        ['GET', `/api/product-categories/${HUGE}`],
        ['POST', '/api/product-categories', { name: 'Deep', parentId: HUGE }],
        ['PATCH', `/api/product-categories/${HUGE}`, { isActive: false }],
        ['DELETE', `/api/product-categories/${HUGE}`],
      ];
    const serverErrors: string[] = [];
    for (const [method, url, payload] of requests) {
      const res = await api(t, method, url, admin, payload);
      if (res.statusCode >= 500) serverErrors.push(`${method} ${url} ${JSON.stringify(payload ?? '')}`);
      else expect([200, 400, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(serverErrors).toEqual([]);
  });
});
