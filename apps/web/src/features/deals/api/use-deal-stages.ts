import { useQuery } from '@tanstack/react-query';
import { dealStageKeys, lostReasonKeys } from './deal-keys';
import { fetchDealStages, fetchLostReasons } from './deals-api';

/** Every stage in the board's order; admins change them rarely, and a live event refreshes them. */
export function useDealStages() {
  return useQuery({
    queryKey: dealStageKeys.all,
    queryFn: ({ signal }) => fetchDealStages(signal),
    staleTime: 5 * 60_000,
  });
}

export function useLostReasons() {
  return useQuery({
    queryKey: lostReasonKeys.all,
    queryFn: ({ signal }) => fetchLostReasons(signal),
    staleTime: 5 * 60_000,
  });
}
