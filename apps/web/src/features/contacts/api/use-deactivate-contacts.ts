import { contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkTarget } from '../../../components/bulk-actions';
import { runPerId } from '../../../components/bulk-actions/run-per-id';
import { toast } from '../../../lib/toast';
import { contactKeys } from './contact-keys';
import { deactivateContact } from './deactivate-contact';

/**
 * Deactivates one contact or a selection (one request per id), toasts the outcome (with Undo when
 * `offerUndo` is given: it reactivates exactly the contacts deactivated) and reloads the lists so
 * the deactivated contacts disappear.
 */
export function useDeactivateContacts(offerUndo?: (message: string, changed: BulkTarget) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => runPerId(ids, deactivateContact),
    onSuccess: async ({ failed, succeeded }, ids) => {
      const message = ids.length === 1 ? contactMessages.deactivated : contactMessages.bulkDeactivated;
      if (failed.length > 0) toast.error(contactMessages.deactivateFailed);
      else if (offerUndo) offerUndo(message, { ids: succeeded });
      else toast.success(message);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
