import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { bulkSetAgencies } from './agencies-api';
import { agencyKeys } from './agency-keys';
import type { ActiveAction } from './agency-types';

/** Bulk status change; toasts the server's "Activated N agencies successfully" (or "Nothing to update"). */
export function useBulkSetAgencies(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: number[]; action: ActiveAction }) => bulkSetAgencies(ids, action),
    onSuccess: async (result, { action }) => {
      if (result.count === 0) toast.info(result.message || msg.nothingToUpdate);
      else toast.success(result.message || msg.bulkDone(action, result.count));
      onDone();
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
    onError: (_error, { action }) => toast.error(msg.bulkFailed(action)),
  });
}
