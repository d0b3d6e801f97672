import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkTarget, runBulk, useBulkUndo } from '../../../components/bulk-actions';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { productKeys } from './product-keys';
import type { BulkAction } from './products-api';

/**
 * Activates or deactivates the chosen products, or every product the list matches (admin). The
 * server counts only the products whose state changes and answers "Nothing to update" when there
 * are none; a deactivation's toast offers Undo, which reactivates exactly those.
 */
export function useBulkSetProductsActive(onDone: () => void) {
  const queryClient = useQueryClient();
  const offerUndo = useBulkUndo('products', productKeys.all);
  return useMutation({
    mutationFn: ({ target, action }: { target: BulkTarget; action: BulkAction }) =>
      runBulk('products', action, target),
    onSuccess: async (result, { action }) => {
      if (result.count === 0) toast.info(result.message || m.nothingToUpdate);
      else if (action === 'deactivate') offerUndo(result.message, result.changed);
      else toast.success(result.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
    onError: (error, { action }) => toast.error(errorMessage(error, m.bulkFailed(action))),
  });
}
