// The product types, groups and messages apart from the schemas (products.ts), so that the
// products list reads them without zod.

export const PRODUCT_TYPES = ['REAL_ESTATE', 'DORMITORY', 'MAINTENANCE'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const REAL_ESTATE_STATUSES = ['AVAILABLE', 'RESERVED', 'SOLD'] as const;

/** Top-level groups whose children a product may take several of; every other group takes one. */
export const MULTI_CHOICE_GROUPS = ['Interior Features', 'Exterior Features'] as const;
export const PRODUCT_DETAIL_GROUPS = ['City', 'Unit Type', 'Property Type', 'View'] as const;

export const productMessages = {
  titleRequired: 'Title is required',
  typeInvalid: 'Product type must be REAL_ESTATE, DORMITORY or MAINTENANCE',
  statusInvalid: 'Status must be AVAILABLE, RESERVED or SOLD',
  blockRequired: (type: ProductType) => `The ${type.replace('_', ' ').toLowerCase()} details are required`,
  amountMin: 'Amounts must be at least 0',
  categoryNotFound: 'One of the chosen categories does not exist',
  categoryIsGroup: 'Choose categories inside a group, not the group itself',
  oneChoiceOnly: (group: string) => `Choose only one ${group}`,
  companyNotFound: 'The real estate company must be an existing partner',
  productNotFound: 'Products not found.',
  categoryNameRequired: 'Category name is required',
  categoryNotFoundMessage: 'Category not found',
  categoryInUse: 'This category is used by products and cannot be deleted. Deactivate it instead.',
  categoryHasChildren: 'Delete or move this category’s subcategories first',
  parentNotFound: 'Parent category not found',
  nestingTooDeep: 'Subcategories cannot have subcategories of their own',
} as const;
