import { useQuery } from '@tanstack/react-query';
import { dealKeys } from './deal-keys';
import { fetchDeal } from './deals-api';

/** GET /api/deals/{id}, refetched whenever the page is opened so its version is the latest. */
export function useDeal(id: number | undefined) {
  return useQuery({
    queryKey: dealKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchDeal(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
