import { dealMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordParent, recordTabKeys } from '../../../components/record-tabs';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { activateDeal, deactivateDeal } from './deal-bulk-api';
import { dealKeys } from './deal-keys';

/** An admin's (de)activation of one deal, from its page: the same versioned write as the form's. */
export function useSetDealActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => (active ? activateDeal(id) : deactivateDeal(id)),
    onSuccess: async (deal) => {
      toast.success(deal.isActive ? 'Deal activated' : dealMessages.deactivated);
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      void queryClient.invalidateQueries({ queryKey: recordTabKeys.all(recordParent('deals', deal.id)) });
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'The deal could not be changed')),
  });
}
