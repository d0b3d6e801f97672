import { contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { contactKeys } from './contact-keys';
import { deactivateContact } from './deactivate-contact';
import { runPerId } from './run-per-id';

/**
 * Deactivates one contact or a selection (one request per id), toasts the outcome and reloads the
 * lists so the deactivated contacts disappear.
 */
export function useDeactivateContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => runPerId(ids, deactivateContact),
    onSuccess: async ({ failed }, ids) => {
      if (failed.length > 0) toast.error(contactMessages.deactivateFailed);
      else toast.success(ids.length === 1 ? contactMessages.deactivated : contactMessages.bulkDeactivated);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
