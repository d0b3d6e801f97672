import type { ListQuery, ProductFormInput } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import { fetchListPage, type ListPage } from '../../../lib/list-page';
import type { BulkResult, Product, ProductListRow } from './product-types';

/** GET /api/products: list rows, without description, categories or type blocks. */
export function fetchProductsPage(query: ListQuery, signal: AbortSignal): Promise<ListPage<ProductListRow>> {
  return fetchListPage<ProductListRow>('/products', query, signal);
}

export function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return apiJson<Product>(`/product/${id}`, { signal });
}

/** POST /api/products when adding, PUT /api/products/{id} when editing. */
/** An edit carries the version it was opened at: a field changed since by someone else answers 409. */
export function saveProduct(
  id: number | undefined,
  body: ProductFormInput,
  version?: number,
): Promise<Product> {
  return id === undefined
    ? apiJson<Product>('/products', { method: 'POST', body })
    : apiJson<Product>(`/products/${id}`, {
        method: 'PUT',
        body: version === undefined ? body : { ...body, version },
      });
}

export type BulkAction = 'activate' | 'deactivate';

export function bulkSetProductsActive(ids: readonly number[], action: BulkAction): Promise<BulkResult> {
  return apiJson<BulkResult>(`/products/bulk-${action}`, { method: 'PUT', body: { ids } });
}
