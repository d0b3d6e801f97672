import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys';
import { fetchRecentActivities } from './fetch-recent-activities';
import { useLoggedFailure } from './use-logged-failure';

/** The newest contact activities, fetched again each time the dashboard opens. */
export function useRecentActivities() {
  const query = useQuery({
    queryKey: dashboardKeys.recent,
    queryFn: ({ signal }) => fetchRecentActivities(signal),
    staleTime: 0,
  });
  useLoggedFailure('recent activities', query.error);
  return query;
}
