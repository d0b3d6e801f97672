import { useQuery } from '@tanstack/react-query';
import { productKeys } from './product-keys';
import type { Product } from './product-types';
import { fetchProduct } from './products-api';

/** GET /api/product/{id}; `passed` (a whole product from navigation state) is shown until the answer arrives. */
export function useProduct(id: number | undefined, passed: Product | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== undefined,
    placeholderData: passed,
    staleTime: 0,
  });
}
