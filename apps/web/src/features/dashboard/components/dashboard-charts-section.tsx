import { Loader, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useDashboardCharts } from '../api/use-charts';
import { FirstRunGuide } from './first-run-guide';

// Recharts is most of the dashboard's code: it comes after the counts and the activities' code.
const DashboardCharts = lazy(async () => ({ default: (await import('./dashboard-charts')).DashboardCharts }));

const loading = <Loader size="sm" aria-label="Loading charts" />;

/** The charts above Recent Activities; on an empty database, the first steps instead. */
export function DashboardChartsSection() {
  const { data, isPending } = useDashboardCharts();
  if (data && data.conversionRate.contacts === 0) return <FirstRunGuide />;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Charts
      </Title>
      {isPending && loading}
      {data && (
        <Suspense fallback={loading}>
          <DashboardCharts charts={data} />
        </Suspense>
      )}
    </Stack>
  );
}
