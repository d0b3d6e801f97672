import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/agencies.js';
import { categoryTree, createCategory, createProduct, groupIds } from './helpers/products.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

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

const FORBIDDEN = 'You do not have permission to do this';
const NESTING = 'Subcategories cannot have subcategories of their own';
const post = (payload: unknown, who: SignedIn = admin) =>
  api(t, 'POST', '/api/product-categories', who, payload);
const patch = (id: number, payload: unknown, who: SignedIn = admin) =>
  api(t, 'PATCH', `/api/product-categories/${id}`, who, payload);
const remove = (id: number, who: SignedIn = admin) => api(t, 'DELETE', `/api/product-categories/${id}`, who);
const getOne = (id: number, query = '', who: SignedIn = user) =>
  api(t, 'GET', `/api/product-categories/${id}${query}`, who);

describe('the category groups of an empty database', () => {
  it('are the six top-level groups, active and empty', async () => {
    const fresh = await createTestApp();
    try {
      const someone = await signIn(fresh, {});
      const tree = await categoryTree(fresh, someone);
      expect(tree.map((group) => group.name).sort()).toEqual([
        'City',
        'Exterior Features',
        'Interior Features',
        'Property Type',
        'Unit Type',
        'View',
      ]);
      for (const group of tree) {
        expect(group).toEqual({
          id: expect.any(Number),
          name: group.name,
          parentId: null,
          isActive: true,
          version: 1,
          children: [],
        });
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/product-categories', () => {
  it('answers the tree: groups with their subcategories', async () => {
    const kyrenia = await createCategory(t, admin, 'Kyrenia', groups.City!);
    const famagusta = await createCategory(t, admin, 'Famagusta', groups.City!);
    const tree = await categoryTree(t, user);
    const city = tree.find((group) => group.name === 'City');
    expect(city?.children).toEqual([
      {
        id: famagusta.id,
        name: 'Famagusta',
        parentId: groups.City,
        isActive: true,
        version: 1,
        children: [],
      },
      { id: kyrenia.id, name: 'Kyrenia', parentId: groups.City, isActive: true, version: 1, children: [] },
    ]);
    // Subcategories appear only under their group.
    expect(tree.map((group) => group.id)).not.toContain(kyrenia.id);
  });

  it('answers 401 without a session', async () => {
    expect((await api(t, 'GET', '/api/product-categories', null)).statusCode).toBe(401);
  });
});

describe('GET /api/product-categories/{id}', () => {
  it('answers one category with its children unless includeChildren=false', async () => {
    const group = await createCategory(t, admin, 'Heating', null);
    const b = await createCategory(t, admin, 'Underfloor', group.id);
    const a = await createCategory(t, admin, 'Central', group.id);
    const withChildren = await getOne(group.id, '?includeChildren=true');
    expect(withChildren.statusCode).toBe(200);
    expect(withChildren.json()).toEqual({
      id: group.id,
      name: 'Heating',
      parentId: null,
      isActive: true,
      version: 1,
      children: [
        { id: a.id, name: 'Central', parentId: group.id, isActive: true, version: 1, children: [] },
        { id: b.id, name: 'Underfloor', parentId: group.id, isActive: true, version: 1, children: [] },
      ],
    });
    expect((await getOne(group.id)).json().children).toHaveLength(2);
    expect((await getOne(group.id, '?includeChildren=false')).json().children).toEqual([]);
    expect((await getOne(a.id)).json()).toEqual({
      id: a.id,
      name: 'Central',
      parentId: group.id,
      isActive: true,
      version: 1,
      children: [],
    });
  });

  it('answers 404 "Category not found" for an unknown id', async () => {
    const res = await getOne(999_999);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Category not found');
  });
});

describe('POST /api/product-categories', () => {
  it('creates a top-level category when the parent is none (null, 0, "" or left out)', async () => {
    for (const [i, parentId] of [null, 0, '', undefined].entries()) {
      const res = await post({ name: `Top ${i}`, ...(parentId === undefined ? {} : { parentId }) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: `Top ${i}`,
        parentId: null,
        isActive: true,
        version: 1,
        children: [],
      });
    }
  });

  it('creates a subcategory with a trimmed name', async () => {
    const res = await post({ name: '  Mountain  ', parentId: groups.View });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Mountain', parentId: groups.View, isActive: true });
    const view = (await categoryTree(t, user)).find((group) => group.id === groups.View);
    expect(view?.children.map((c) => c.name)).toContain('Mountain');
  });

  it.each([
    [{ name: '', parentId: null }, 'name', 'Category name is required'],
    [{ name: '   ', parentId: null }, 'name', 'Category name is required'],
    [{ parentId: null }, 'name', 'Category name is required'],
    [{ name: 'x'.repeat(101), parentId: null }, 'name', undefined],
    [{ name: 'Orphan', parentId: 'abc' }, 'parentId', 'Parent category not found'],
  ])('refuses %j (%s: %s)', async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res))).toEqual([field]);
    if (message) expect(fieldsOf(res)[field]).toBe(message);
  });

  it('refuses an unknown parent and a parent that is itself a subcategory', async () => {
    const missing = await post({ name: 'Orphan', parentId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Parent category not found');
    expect(fieldsOf(missing)).toEqual({ parentId: 'Parent category not found' });
    const sub = await createCategory(t, admin, 'Garden Sub', groups['Exterior Features']!);
    const deep = await post({ name: 'Too deep', parentId: sub.id });
    expect(deep.statusCode).toBe(400);
    expect(errorOf(deep)).toBe(NESTING);
  });

  it('is refused to a non-admin with 403 and creates nothing', async () => {
    const res = await post({ name: 'Sneaky', parentId: null }, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(FORBIDDEN);
    expect((await categoryTree(t, user)).map((group) => group.name)).not.toContain('Sneaky');
  });
});

describe('PATCH /api/product-categories/{id}', () => {
  it('renames a category, keeping its parent', async () => {
    const sub = await createCategory(t, admin, 'Nicosa', groups.City!);
    const res = await patch(sub.id, { name: ' Nicosia ', parentId: groups.City });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sub.id, name: 'Nicosia', parentId: groups.City });
    const renamedOnly = await patch(sub.id, { name: 'Lefkoşa' });
    expect(renamedOnly.json()).toMatchObject({ name: 'Lefkoşa', parentId: groups.City });
  });

  it('toggles the active state both ways', async () => {
    const sub = await createCategory(t, admin, 'Penthouse', groups['Unit Type']!);
    const off = await patch(sub.id, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: sub.id, name: 'Penthouse', isActive: false });
    expect((await getOne(sub.id)).json().isActive).toBe(false);
    const on = await patch(sub.id, { isActive: true });
    expect(on.json().isActive).toBe(true);
    const group = await patch(groups['Unit Type']!, { isActive: false });
    expect(group.json()).toMatchObject({ isActive: false, parentId: null });
    await patch(groups['Unit Type']!, { isActive: true });
  });

  it('moves a subcategory to another group', async () => {
    const sub = await createCategory(t, admin, 'Moving', groups.View!);
    const res = await patch(sub.id, { name: 'Moving', parentId: groups['Property Type'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().parentId).toBe(groups['Property Type']);
    const tree = await categoryTree(t, user);
    expect(tree.find((g) => g.id === groups['Property Type'])?.children.map((c) => c.id)).toContain(sub.id);
    expect(tree.find((g) => g.id === groups.View)?.children.map((c) => c.id)).not.toContain(sub.id);
  });

  it('refuses to nest a group that has subcategories, or a category under itself or a subcategory', async () => {
    const group = await createCategory(t, admin, 'Nest Group', null);
    const child = await createCategory(t, admin, 'Nest Child', group.id);
    const other = await createCategory(t, admin, 'Other Child', groups.City!);
    for (const [id, parentId] of [
      [group.id, groups.City],
      [child.id, other.id],
      [child.id, child.id],
    ] as const) {
      const res = await patch(id, { name: 'Renamed', parentId });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(NESTING);
    }
    expect((await getOne(group.id)).json()).toMatchObject({ name: 'Nest Group', parentId: null });
    const lone = await createCategory(t, admin, 'Lone Group', null);
    const selfParent = await patch(lone.id, { name: 'Lone Group', parentId: lone.id });
    expect(selfParent.statusCode).toBe(400);
  });

  it.each([
    [{}, 'Send a name or an isActive value'],
    [{ parentId: 3 }, 'Send a name or an isActive value'],
    [{ isActive: 'yes' }, 'isActive must be true or false'],
    [{ name: '  ' }, 'Category name is required'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const sub = await createCategory(t, admin, 'Patch Target', groups.View!);
    const res = await patch(sub.id, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('answers 404 for an unknown category and 403 to a non-admin', async () => {
    const missing = await patch(999_999, { isActive: false });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Category not found');
    const sub = await createCategory(t, admin, 'Guarded', groups.View!);
    for (const payload of [{ isActive: false }, { name: 'Hacked', parentId: groups.View }]) {
      const res = await patch(sub.id, payload, user);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(FORBIDDEN);
    }
    expect((await getOne(sub.id)).json()).toMatchObject({ name: 'Guarded', isActive: true });
  });
});

describe('DELETE /api/product-categories/{id}', () => {
  it('deletes an unused subcategory with 204', async () => {
    const sub = await createCategory(t, admin, 'Disposable', groups.View!);
    const res = await remove(sub.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await getOne(sub.id)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete a category that products use, until none does', async () => {
    const sub = await createCategory(t, admin, 'In Use', groups['Interior Features']!);
    const product = await createProduct(t, user, { categoryIds: [sub.id] });
    const res = await remove(sub.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(
      'This category is used by products and cannot be deleted. Deactivate it instead.',
    );
    expect((await getOne(sub.id)).statusCode).toBe(200);
    const detail = await api(t, 'GET', `/api/product/${product.id}`, user);
    expect(detail.json().categoryIds).toEqual([sub.id]);

    const unlinked = await api(t, 'PUT', `/api/products/${product.id}`, user, {
      title: product.title,
      productType: product.productType,
      realEstateProduct: product.realEstateProduct,
      categoryIds: [],
    });
    expect(unlinked.statusCode).toBe(200);
    expect((await remove(sub.id)).statusCode).toBe(204);
  });

  it('refuses with 409 to delete a group that still has subcategories', async () => {
    const group = await createCategory(t, admin, 'Parent Group', null);
    const child = await createCategory(t, admin, 'Child', group.id);
    const res = await remove(group.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('Delete or move this category’s subcategories first');
    expect((await remove(child.id)).statusCode).toBe(204);
    expect((await remove(group.id)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown category and 403 to a non-admin', async () => {
    const missing = await remove(999_999);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Category not found');
    const sub = await createCategory(t, admin, 'Protected', groups.View!);
    const res = await remove(sub.id, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(FORBIDDEN);
    expect((await getOne(sub.id)).statusCode).toBe(200);
  });
});
