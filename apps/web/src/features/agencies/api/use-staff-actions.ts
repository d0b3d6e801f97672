import type { StaffPosition } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isNetworkError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { agencyKeys } from './agency-keys';
import { historyKey } from './agency-record';
import type { ActiveAction } from './agency-types';
import { addStaff, bulkSetStaff, toggleStaff } from './staff-api';

/** Staff changes write history entries: the staff list and the Activities tab reload after each. */
function useRefreshStaff(agencyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agencyKeys.staff(agencyId) }),
      queryClient.invalidateQueries({ queryKey: agencyKeys.contacts(agencyId) }),
      queryClient.invalidateQueries({ queryKey: historyKey(agencyId) }),
    ]);
}

export function useToggleStaff(agencyId: number) {
  const refresh = useRefreshStaff(agencyId);
  return useMutation({
    mutationFn: (staffId: number) => toggleStaff(agencyId, staffId),
    onSuccess: async () => {
      toast.success(msg.staffToggled);
      await refresh();
    },
    onError: () => toast.error(msg.staffToggleFailed),
  });
}

export function useBulkSetStaff(agencyId: number, onDone: () => void) {
  const refresh = useRefreshStaff(agencyId);
  return useMutation({
    mutationFn: ({ staffIds, action }: { staffIds: number[]; action: ActiveAction }) =>
      bulkSetStaff(agencyId, staffIds, action),
    onSuccess: async (result, { action }) => {
      if (result.count === 0) toast.info(result.message || msg.nothingToUpdate);
      else toast.success(msg.staffBulkDone(action, result.count));
      onDone();
      await refresh();
    },
    onError: (_error, { action }) => toast.error(msg.staffBulkFailed(action)),
  });
}

export function useAddStaff(agencyId: number, onDone: () => void) {
  const refresh = useRefreshStaff(agencyId);
  return useMutation({
    mutationFn: (body: { contactId: number; position: StaffPosition }) => addStaff(agencyId, body),
    onSuccess: async () => {
      toast.success(msg.staffAdded);
      onDone();
      await refresh();
    },
    onError: (error) =>
      toast.error(
        isNetworkError(error)
          ? msg.staffAddNetwork
          : msg.staffAddFailed(errorMessage(error, msg.unknownError)),
      ),
  });
}
