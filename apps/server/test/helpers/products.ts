import type { SignedIn, TestApp } from './test-app.js';

export interface CategoryJson {
  id: number;
  name: string;
  parentId: number | null;
  isActive: boolean;
  version: number;
  children: CategoryJson[];
}

export interface ProductJson {
  id: number;
  title: string;
  description: string;
  productType: 'REAL_ESTATE' | 'DORMITORY' | 'MAINTENANCE';
  categoryIds: number[];
  productCategories: { category: { id: number; name: string; parent: { name: string } | null } }[];
  realEstateCompanyId: number | null;
  realEstateCompany: { id: number; name: string } | null;
  realEstateProduct: { salePrice: number | null; m2: number | null; status: string } | null;
  dormitoryProduct: {
    roomNumber: string | null;
    termPrice: number | null;
    annualPrice: number | null;
  } | null;
  maintenanceProduct: { productType: string | null; description: string | null } | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The category tree as the API answers it. */
export async function categoryTree(t: TestApp, who: SignedIn): Promise<CategoryJson[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/product-categories', headers: who.headers });
  if (res.statusCode !== 200) throw new Error(`category tree failed: ${res.statusCode} ${res.body}`);
  return res.json<CategoryJson[]>();
}

/** The id of each top-level group, by name. */
export async function groupIds(t: TestApp, who: SignedIn): Promise<Record<string, number>> {
  return Object.fromEntries((await categoryTree(t, who)).map((group) => [group.name, group.id]));
}

/** Creates a category as `admin` and answers it; fails loudly when the server refuses. */
export async function createCategory(
  t: TestApp,
  admin: SignedIn,
  name: string,
  parentId: number | null,
): Promise<CategoryJson> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product-categories',
    headers: admin.headers,
    payload: { name, parentId },
  });
  if (res.statusCode !== 201) throw new Error(`create category failed: ${res.statusCode} ${res.body}`);
  return res.json<CategoryJson>();
}

/** A valid real-estate product form. */
export function productPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Sea view flat',
    description: 'Two bedrooms',
    categoryIds: [],
    productType: 'REAL_ESTATE',
    realEstateCompanyId: null,
    realEstateProduct: { salePrice: 150000, m2: 85, status: 'AVAILABLE' },
    dormitoryProduct: null,
    maintenanceProduct: null,
    isActive: true,
    ...overrides,
  };
}

export async function createProduct(
  t: TestApp,
  who: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<ProductJson> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: who.headers,
    payload: productPayload(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create product failed: ${res.statusCode} ${res.body}`);
  return res.json<ProductJson>();
}
