import { apiJson } from '../../../lib/api-client';
import type { CategoryGroup } from './category-types';

export function fetchCategoryTree(signal?: AbortSignal): Promise<CategoryGroup[]> {
  return apiJson<CategoryGroup[]>('/product-categories', { signal });
}

export function createCategory(name: string, parentId: number | null): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>('/product-categories', { method: 'POST', body: { name, parentId } });
}

export function renameCategory(id: number, name: string, parentId: number | null): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>(`/product-categories/${id}`, { method: 'PATCH', body: { name, parentId } });
}

export function setCategoryActive(id: number, isActive: boolean): Promise<CategoryGroup> {
  return apiJson<CategoryGroup>(`/product-categories/${id}`, { method: 'PATCH', body: { isActive } });
}

export function deleteCategory(id: number): Promise<void> {
  return apiJson<void>(`/product-categories/${id}`, { method: 'DELETE' });
}
