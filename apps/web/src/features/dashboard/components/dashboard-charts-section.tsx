import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useDashboardCharts } from '../api/use-charts';
import { ChartsSkeleton } from './charts-skeleton';
import { FirstRunGuide } from './first-run-guide';

// Recharts is most of the dashboard's code: it is fetched once the screen has painted its content,
// alongside the charts' data, and never ahead of the counts and the activities.
const loadCharts = () => import('./dashboard-charts');
const DashboardCharts = lazy(async () => ({ default: (await loadCharts()).DashboardCharts }));

/** The charts above Recent Activities; on an empty database, the first steps instead. */
export function DashboardChartsSection() {
  const { data } = useDashboardCharts();
  const empty = data !== undefined && data.conversionRate.contacts === 0;
  useEffect(() => {
    if (!empty) void loadCharts().catch(() => undefined);
  }, [empty]);
  if (empty) return <FirstRunGuide />;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Charts
      </Title>
      {data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <DashboardCharts charts={data} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </Stack>
  );
}
