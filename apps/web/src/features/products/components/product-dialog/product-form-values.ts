import type { ProductFormInput, ProductType, REAL_ESTATE_STATUSES } from '@crm/domain';
import type { CompanyRef, Product } from '../../api/product-types';

export type RealEstateStatus = (typeof REAL_ESTATE_STATUSES)[number];
/** What a number input holds: a number, or the text being typed ('' when empty). */
export type AmountInput = number | string;

/** What the product dialog's inputs hold; the blocks of every type are kept while switching types. */
export interface ProductFormValues {
  title: string;
  description: string;
  productType: ProductType;
  categoryIds: number[];
  realEstateCompany: CompanyRef | null;
  salePrice: AmountInput;
  m2: AmountInput;
  status: RealEstateStatus;
  roomNumber: string;
  termPrice: AmountInput;
  annualPrice: AmountInput;
  maintenanceType: string;
  maintenanceDescription: string;
  isActive: boolean;
}

export type ProductFormField = keyof ProductFormValues;

/** 002 §4: a new product is active. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  title: '',
  description: '',
  productType: 'REAL_ESTATE',
  categoryIds: [],
  realEstateCompany: null,
  salePrice: '',
  m2: '',
  status: 'AVAILABLE',
  roomNumber: '',
  termPrice: '',
  annualPrice: '',
  maintenanceType: '',
  maintenanceDescription: '',
  isActive: true,
};

const amount = (value: number | null | undefined): AmountInput => value ?? '';

function toStatus(status: string | undefined): RealEstateStatus {
  return status === 'RESERVED' || status === 'SOLD' ? status : 'AVAILABLE';
}

export function valuesFromProduct(product: Product): ProductFormValues {
  const realEstate = product.realEstateProduct;
  const dormitory = product.dormitoryProduct;
  const maintenance = product.maintenanceProduct;
  return {
    title: product.title,
    description: product.description,
    productType: product.productType,
    categoryIds: [...product.categoryIds],
    realEstateCompany: product.realEstateCompany,
    salePrice: amount(realEstate?.salePrice),
    m2: amount(realEstate?.m2),
    status: toStatus(realEstate?.status),
    roomNumber: dormitory?.roomNumber ?? '',
    termPrice: amount(dormitory?.termPrice),
    annualPrice: amount(dormitory?.annualPrice),
    maintenanceType: maintenance?.productType ?? '',
    maintenanceDescription: maintenance?.description ?? '',
    isActive: product.isActive,
  };
}

/** The body of POST/PUT: only the block of the chosen type is sent. */
export function toProductInput(values: ProductFormValues): ProductFormInput {
  const type = values.productType;
  return {
    title: values.title,
    description: values.description,
    productType: type,
    categoryIds: values.categoryIds,
    realEstateCompanyId: values.realEstateCompany?.id ?? null,
    realEstateProduct:
      type === 'REAL_ESTATE' ? { salePrice: values.salePrice, m2: values.m2, status: values.status } : null,
    dormitoryProduct:
      type === 'DORMITORY'
        ? { roomNumber: values.roomNumber, termPrice: values.termPrice, annualPrice: values.annualPrice }
        : null,
    maintenanceProduct:
      type === 'MAINTENANCE'
        ? { productType: values.maintenanceType, description: values.maintenanceDescription }
        : null,
    isActive: values.isActive,
  };
}

/**
 * The person's edit laid over the product as it is now, when a colleague saved it meanwhile: the
 * fields this person changed (from what the dialog opened) win, every other field takes the
 * colleague's value. Undefined when both changed one same field: that save must be refused, not
 * merged. The form sends the whole product, so this is how two edits of different fields both stay.
 */
export function mergeProductEdit(
  opened: ProductFormValues,
  edited: ProductFormValues,
  current: ProductFormValues,
): ProductFormValues | undefined {
  const differs = (a: ProductFormValues, b: ProductFormValues, key: keyof ProductFormValues) =>
    JSON.stringify(a[key]) !== JSON.stringify(b[key]);
  const keys = Object.keys(edited) as (keyof ProductFormValues)[];
  const mine = keys.filter((key) => differs(opened, edited, key));
  if (mine.some((key) => differs(opened, current, key) && differs(edited, current, key))) return undefined;
  return { ...current, ...Object.fromEntries(mine.map((key) => [key, edited[key]])) };
}
