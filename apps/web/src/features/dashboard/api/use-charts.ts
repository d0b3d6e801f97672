import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';
import { useLoggedFailure } from './use-logged-failure';

export interface WeekCount {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  week: string;
  count: number;
}

export interface DashboardCharts {
  leadsPerWeek: WeekCount[];
  conversionsPerWeek: WeekCount[];
  leadsBySource: { source: string | null; count: number }[];
  topAgencies: { id: number; name: string; count: number }[];
  conversionRate: { customers: number; contacts: number; percent: number };
}

/** GET /api/dashboard/charts: computed on the server, fetched again each time the dashboard opens. */
export function useDashboardCharts() {
  const query = useQuery({
    queryKey: dashboardKeys.charts,
    queryFn: ({ signal }) => apiJson<DashboardCharts>('/dashboard/charts', { signal }),
    staleTime: 0,
  });
  useLoggedFailure('dashboard charts', query.error);
  return query;
}
