import type { ProductType } from '@crm/domain';

/** A product as GET /api/products and GET /api/product/{id} answer it (money in pounds). */
export interface Product {
  id: number;
  title: string;
  description: string;
  productType: ProductType;
  categoryIds: number[];
  productCategories: ProductCategoryLink[];
  realEstateCompanyId: number | null;
  realEstateCompany: CompanyRef | null;
  realEstateProduct: RealEstateBlock | null;
  dormitoryProduct: DormitoryBlock | null;
  maintenanceProduct: MaintenanceBlock | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
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
