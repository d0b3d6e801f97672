import type { AgencyForm } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveAgency } from './agencies-api';
import { agencyKeys } from './agency-keys';

/** Creates (id undefined) or updates an agency; the list, the detail and its history reload. */
export function useSaveAgency(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyForm | (Partial<AgencyForm> & { version: number })) => saveAgency(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(agencyKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
  });
}
