import type { ProductFormInput } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from './product-keys';
import { saveProduct } from './products-api';

/** Adds or updates a product; the answer replaces the cached detail and the lists reload. */
export function useSaveProduct(id: number | undefined, version?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductFormInput) => saveProduct(id, body, version),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'active' });
    },
  });
}
