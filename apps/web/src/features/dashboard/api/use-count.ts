import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys';
import type { CountedRecord } from './dashboard-types';
import { fetchCount } from './fetch-count';
import { useLoggedFailure } from './use-logged-failure';

/** One overview count, fetched again each time the dashboard opens. */
export function useCount(what: CountedRecord) {
  const query = useQuery({
    queryKey: dashboardKeys.count(what),
    queryFn: ({ signal }) => fetchCount(what, signal),
    staleTime: 0,
  });
  useLoggedFailure(`${what} count`, query.error);
  return query;
}
