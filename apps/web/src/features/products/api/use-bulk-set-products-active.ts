import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { productKeys } from './product-keys';
import { type BulkAction, bulkSetProductsActive } from './products-api';

/**
 * Activates or deactivates the chosen products (admin). The server counts only the products whose
 * state changes and answers "Nothing to update" when there are none.
 */
export function useBulkSetProductsActive(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: readonly number[]; action: BulkAction }) =>
      bulkSetProductsActive(ids, action),
    onSuccess: async (result) => {
      if (result.count === 0) toast.info(result.message || m.nothingToUpdate);
      else toast.success(result.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
    onError: (error, { action }) => toast.error(errorMessage(error, m.bulkFailed(action))),
  });
}
