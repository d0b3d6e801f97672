import type { ValidationIssue } from '../../../../lib/form-errors';
import type { ProductFormField } from './product-form-values';

export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

/** Where each input's messages arrive: the schema's (and the server's) dotted field paths. */
const FIELD_PATHS: Record<ProductFormField, string> = {
  title: 'title',
  description: 'description',
  productType: 'productType',
  categoryIds: 'categoryIds',
  realEstateCompany: 'realEstateCompanyId',
  salePrice: 'realEstateProduct.salePrice',
  m2: 'realEstateProduct.m2',
  status: 'realEstateProduct.status',
  roomNumber: 'dormitoryProduct.roomNumber',
  termPrice: 'dormitoryProduct.termPrice',
  annualPrice: 'dormitoryProduct.annualPrice',
  maintenanceType: 'maintenanceProduct.productType',
  maintenanceDescription: 'maintenanceProduct.description',
  isActive: 'isActive',
};

const FIELDS = Object.keys(FIELD_PATHS) as ProductFormField[];

export interface SortedErrors {
  fields: ProductFormErrors;
  /** The first message that belongs to no input (shown above the buttons). */
  other: string | undefined;
}

/** Sorts `{ "realEstateProduct.salePrice": "…" }` style messages onto the inputs. */
export function sortFieldErrors(messages: Record<string, string>): SortedErrors {
  const fields: ProductFormErrors = {};
  let other: string | undefined;
  for (const [path, message] of Object.entries(messages)) {
    const field = FIELDS.find(
      (name) => path === FIELD_PATHS[name] || path.startsWith(`${FIELD_PATHS[name]}.`),
    );
    if (field === undefined) other ??= message;
    else fields[field] ??= message;
  }
  return { fields, other };
}

export function issuesToMessages(issues: readonly ValidationIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    messages[path] ??= issue.message;
  }
  return messages;
}
