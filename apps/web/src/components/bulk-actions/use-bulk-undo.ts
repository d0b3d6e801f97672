import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import type { BulkList, BulkTarget } from './bulk-api';
import { runBulk, toastWithUndo } from './run-bulk';

/**
 * Toasts a deactivation with Undo. Undo reactivates exactly the records that changed (through the
 * server's write path) and reloads the list, which shows them again.
 */
export function useBulkUndo(list: BulkList, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useCallback(
    (message: string, changed: BulkTarget) => {
      if ('ids' in changed && changed.ids.length === 0) {
        toast.success(message);
        return;
      }
      toastWithUndo(message, async () => {
        try {
          const undone = await runBulk(list, 'activate', changed);
          toast.success(undone.message);
        } catch (error) {
          toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Undo failed');
        } finally {
          await queryClient.invalidateQueries({ queryKey });
        }
      });
    },
    [list, queryKey, queryClient],
  );
}
