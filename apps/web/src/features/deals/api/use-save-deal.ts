import type { DealFormInput } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordParent, recordTabKeys } from '../../../components/record-tabs';
import { dealKeys } from './deal-keys';
import { saveDeal } from './deals-api';

/**
 * Adds or updates a deal (an update names the version it was made from); the answer replaces the
 * cached detail and every other deal query (board, list, Deals tabs) reloads.
 */
export function useSaveDeal(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: DealFormInput; version?: number }) => saveDeal(id, body, version),
    onSuccess: async (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      // The deal's History tab shows the write.
      void queryClient.invalidateQueries({ queryKey: recordTabKeys.all(recordParent('deals', deal.id)) });
      await queryClient.invalidateQueries({
        queryKey: dealKeys.all,
        refetchType: 'active',
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== deal.id,
      });
    },
  });
}
