/**
 * The exact texts of the product and category screens (002 §2, §8). The server's own messages
 * (e.g. "Products not found.", "Title is required") come from productMessages in @crm/domain.
 */
export const productScreenMessages = {
  loadProductsFailed: 'Failed to fetch products',
  loadCategoriesFailed: 'Failed to fetch categories',
  noProducts: 'No Products Found - Try searching or add a new product.',
  productAdded: 'Product added',
  productUpdated: 'Product updated',
  saveProductFailed: 'Error saving product',
  nothingToUpdate: 'Nothing to update',
  bulkFailed: (action: 'activate' | 'deactivate') => `Bulk ${action} failed`,
  confirmBulk: (action: 'activate' | 'deactivate', count: number) =>
    `Are you sure you want to ${action} ${count} ${count === 1 ? 'product' : 'products'}?`,
  noCategories: 'No Categories Found',
  categoryCreated: 'Category created!',
  categoryUpdated: 'Category updated!',
  saveCategoryFailed: 'Failed to save category',
  subcategoryAdded: 'Subcategory added!',
  addSubcategoryFailed: 'Failed to add subcategory',
  somethingWentWrong: 'Something went wrong',
  categoryDeleted: 'Category deleted!',
  deleteCategoryFailed: 'Failed to delete category',
  deleteCategoryError: 'Error deleting category',
  confirmDeleteCategory: 'Are you sure you want to delete this category?',
  statusToggled: (active: boolean) => (active ? 'Category activated!' : 'Category deactivated!'),
  statusToggleFailed: 'Failed to update status',
} as const;
