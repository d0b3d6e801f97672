import type { ProductFormInput } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from './product-keys';
import { saveProduct } from './products-api';

/**
 * Adds or updates a product (an update names the version it was made from); the answer replaces
 * the cached detail and the lists reload.
 */
export function useSaveProduct(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: ProductFormInput; version?: number }) =>
      saveProduct(id, body, version),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'active' });
    },
  });
}
