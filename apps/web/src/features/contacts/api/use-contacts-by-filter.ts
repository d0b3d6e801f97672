import { contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runBulk, useBulkUndo } from '../../../components/bulk-actions';
import { toast } from '../../../lib/toast';
import { contactKeys } from './contact-keys';

export type ContactList = 'leads' | 'customers';

interface ByFilter {
  action: 'deactivate' | 'reassign';
  /** The list's URL parameters: every contact it matches changes, loaded or not. */
  listParams: URLSearchParams;
  assignedToId?: number;
}

/**
 * Deactivates or reassigns every contact a list matches ("Select all N matching"): the server runs
 * it, as a job with progress when there are many. A deactivation's toast offers Undo.
 */
export function useContactsByFilter(list: ContactList, onDone: () => void) {
  const queryClient = useQueryClient();
  const offerUndo = useBulkUndo(list, contactKeys.all);
  return useMutation({
    mutationFn: ({ action, listParams, assignedToId }: ByFilter) =>
      runBulk(list, action, { listParams }, { assignedToId }),
    onSuccess: (outcome, { action }) => {
      if (action === 'deactivate') offerUndo(outcome.message, outcome.changed);
      else toast.success(outcome.message);
    },
    onError: (_error, { action }) =>
      toast.error(
        action === 'deactivate' ? contactMessages.deactivateFailed : contactMessages.reassignFailed,
      ),
    onSettled: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
