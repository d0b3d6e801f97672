import type { ProductType } from '@crm/domain';
import type { categoriesOfProducts, ProductListRecord, ProductRow } from './products.repository.js';

export type LinkedCategory = Awaited<ReturnType<typeof categoriesOfProducts>>[number];
const fromPence = (pence: number | null) => (pence === null ? null : pence / 100);
export const toPence = (pounds: number | null | undefined) =>
  pounds === null || pounds === undefined ? null : Math.round(pounds * 100);

/** A row of GET /api/products: what the list shows and its actions need. */
export interface ProductListRow {
  id: number;
  title: string;
  productType: ProductType;
  realEstateCompanyId: number | null;
  realEstateCompany: { id: number; name: string } | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Product extends ProductListRow {
  description: string;
  categoryIds: number[];
  productCategories: { category: { id: number; name: string; parent: { name: string } | null } }[];
  realEstateProduct: { salePrice: number | null; m2: number | null; status: string } | null;
  dormitoryProduct: {
    roomNumber: string | null;
    termPrice: number | null;
    annualPrice: number | null;
  } | null;
  maintenanceProduct: { productType: string | null; description: string | null } | null;
  version: number;
}

export function toProductListRow(row: ProductListRecord): ProductListRow {
  return {
    id: row.id,
    title: row.title,
    productType: row.product_type as ProductType,
    realEstateCompanyId: row.real_estate_company_id,
    realEstateCompany:
      row.real_estate_company_id !== null && row.company_name !== null
        ? { id: row.real_estate_company_id, name: row.company_name }
        : null,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toProduct(row: ProductRow, links: LinkedCategory[]): Product {
  const type = row.product_type as ProductType;
  return {
    ...toProductListRow(row),
    description: row.description,
    categoryIds: links.map((link) => link.id),
    productCategories: links.map((link) => ({
      category: {
        id: link.id,
        name: link.name,
        parent: link.parent_name ? { name: link.parent_name } : null,
      },
    })),
    realEstateProduct:
      type === 'REAL_ESTATE'
        ? {
            salePrice: fromPence(row.sale_price_pence),
            m2: fromPence(row.area_centi_m2),
            status: row.real_estate_status ?? 'AVAILABLE',
          }
        : null,
    dormitoryProduct:
      type === 'DORMITORY'
        ? {
            roomNumber: row.room_number,
            termPrice: fromPence(row.term_price_pence),
            annualPrice: fromPence(row.annual_price_pence),
          }
        : null,
    maintenanceProduct:
      type === 'MAINTENANCE'
        ? { productType: row.maintenance_type, description: row.maintenance_description }
        : null,
    version: row.version,
  };
}

/** The links grouped by product once, keeping their order (by category name). */
export function linksByProduct(links: LinkedCategory[]): Map<number, LinkedCategory[]> {
  const byProduct = new Map<number, LinkedCategory[]>();
  for (const link of links) {
    const group = byProduct.get(link.product_id);
    if (group) group.push(link);
    else byProduct.set(link.product_id, [link]);
  }
  return byProduct;
}
