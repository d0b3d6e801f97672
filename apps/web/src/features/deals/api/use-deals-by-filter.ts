import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runBulk, useBulkUndo } from '../../../components/bulk-actions';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { dealKeys } from './deal-keys';
import type { DealBulkChange } from './use-deal-bulk';

const FAILED: Record<DealBulkChange['action'], string> = {
  reassign: 'The deals could not be reassigned',
  move: 'The deals could not be moved',
  deactivate: 'The deals could not be deactivated',
};

function extraOf(change: DealBulkChange) {
  if (change.action === 'reassign') return { assignedToId: change.userId };
  if (change.action === 'move') return { stageId: change.stageId, lostReasonId: change.lostReasonId };
  return {};
}

/**
 * Moves, reassigns or deactivates every deal the list matches ("Select all N matching"): the
 * server runs it, as a job with progress when there are many, each deal through its own write. A
 * deactivation's toast offers Undo, which reactivates exactly the deals it changed.
 */
export function useDealsByFilter(onDone: () => void) {
  const queryClient = useQueryClient();
  const offerUndo = useBulkUndo('deals', dealKeys.all);
  return useMutation({
    mutationFn: ({ change, listParams }: { change: DealBulkChange; listParams: URLSearchParams }) =>
      runBulk('deals', change.action, { listParams }, extraOf(change)),
    onSuccess: (outcome, { change }) => {
      if (outcome.count === 0) toast.info(outcome.message);
      else if (change.action === 'deactivate') offerUndo(outcome.message, outcome.changed);
      else toast.success(outcome.message);
    },
    onError: (error, { change }) => toast.error(errorMessage(error, FAILED[change.action])),
    onSettled: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}
