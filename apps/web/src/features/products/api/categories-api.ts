import { apiJson } from '../../../lib/api-client';
import type { CategoryGroup } from './category-types';

export function fetchCategoryTree(signal?: AbortSignal): Promise<CategoryGroup[]> {
  return apiJson<CategoryGroup[]>('/product-categories', { signal });
}

export function createCategory(name: string, parentId: number | null): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>('/product-categories', { method: 'POST', body: { name, parentId } });
}

/**
 * Edits carry the version of the category the screen showed: when someone changed the same field
 * since, the API answers 409 with who and when instead of overwriting it.
 */
export function renameCategory(
  id: number,
  name: string,
  parentId: number | null,
  version: number | undefined,
): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>(`/product-categories/${id}`, {
    method: 'PATCH',
    body: { name, parentId, version },
  });
}

export function setCategoryActive(id: number, isActive: boolean, version: number): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>(`/product-categories/${id}`, {
    method: 'PATCH',
    body: { isActive, version },
  });
}

export function deleteCategory(id: number): Promise<void> {
  return apiJson<void>(`/product-categories/${id}`, { method: 'DELETE' });
}
