import { useQueryClient } from '@tanstack/react-query';
import { agencyKeys } from './agency-keys';
import { historyKey } from './agency-record';

/** 002 §4: after an edit the detail reloads, the duplicate check reruns and the history reloads. */
export function useRefreshAgency(agencyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agencyKeys.detail(agencyId), exact: true }),
      queryClient.invalidateQueries({ queryKey: agencyKeys.duplicates(agencyId) }),
      queryClient.invalidateQueries({ queryKey: historyKey(agencyId) }),
    ]);
}
