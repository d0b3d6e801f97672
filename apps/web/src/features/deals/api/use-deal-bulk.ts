import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runPerId } from '../../../components/bulk-actions/run-per-id';
import { formatCountOf } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { deactivateDeal, moveDealTo, reassignDeal } from './deal-bulk-api';
import { dealKeys } from './deal-keys';

export type DealBulkChange =
  | { action: 'reassign'; userId: number }
  | { action: 'move'; stageId: number; lostReasonId: number | null }
  | { action: 'deactivate' };

const DONE: Record<DealBulkChange['action'], string> = {
  reassign: 'reassigned',
  move: 'moved',
  deactivate: 'deactivated',
};

function send(change: DealBulkChange) {
  return (id: number) => {
    if (change.action === 'reassign') return reassignDeal(id, change.userId);
    if (change.action === 'move') return moveDealTo(id, change.stageId, change.lostReasonId);
    return deactivateDeal(id);
  };
}

/**
 * Changes the selected deals one request per id (deals have no bulk endpoint): each is the same
 * versioned write as the form or the board, so its history and live event come with it.
 */
export function useDealBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: readonly number[]; change: DealBulkChange }) =>
      runPerId(ids, send(change)),
    onSuccess: async ({ succeeded, failed }, { change }) => {
      const done = `${formatCountOf(succeeded.length, 'deal')} ${DONE[change.action]}`;
      if (failed.length > 0)
        toast.error(`${done}; ${formatCountOf(failed.length, 'deal')} could not be changed`);
      else toast.success(done);
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}
