import { contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runPerId } from '../../../components/bulk-actions/run-per-id';
import { toast } from '../../../lib/toast';
import { assignContact } from './assign-contact';
import { contactKeys } from './contact-keys';

/** Sets the assigned user of every selected contact (one request per id), then reloads the lists. */
export function useReassignContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, assignedToId }: { ids: readonly number[]; assignedToId: number }) =>
      runPerId(ids, (id) => assignContact(id, assignedToId)),
    onSuccess: async ({ failed }) => {
      if (failed.length > 0) toast.error(contactMessages.reassignFailed);
      else toast.success(contactMessages.reassigned);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
