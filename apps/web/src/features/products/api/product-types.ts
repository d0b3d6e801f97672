import type { ProductType } from '@crm/domain';

/** A row of GET /api/products: what the list shows and its actions need. */
export interface ProductListRow {
  id: number;
  title: string;
  productType: ProductType;
  realEstateCompanyId: number | null;
  realEstateCompany: CompanyRef | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A whole product as GET /api/product/{id} and every write answer it (money in pounds). */
export interface Product extends ProductListRow {
  description: string;
  categoryIds: number[];
  productCategories: ProductCategoryLink[];
  realEstateProduct: RealEstateBlock | null;
  dormitoryProduct: DormitoryBlock | null;
  maintenanceProduct: MaintenanceBlock | null;
  /** Sent back with an edit, so that a field changed meanwhile by someone else is not overwritten. */
  version: number;
}

export interface ProductCategoryLink {
  category: { id: number; name: string; parent: { name: string } | null };
}

export interface CompanyRef {
  id: number;
  name: string;
}

export interface RealEstateBlock {
  salePrice: number | null;
  m2: number | null;
  status: string;
}

export interface DormitoryBlock {
  roomNumber: string | null;
  termPrice: number | null;
  annualPrice: number | null;
}

export interface MaintenanceBlock {
  productType: string | null;
  description: string | null;
}

/** Answer of PUT /api/products/bulk-activate and bulk-deactivate. */
export interface BulkResult {
  count: number;
  message: string;
}
