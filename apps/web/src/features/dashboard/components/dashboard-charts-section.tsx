import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DashboardCharts as Charts } from '../api/use-charts';
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
  // Five charts are a long render: as a transition React renders them in slices, so the page stays
  // responsive (Lighthouse: total blocking time) and the skeletons hold their place meanwhile.
  const [shown, setShown] = useState<Charts>();
  // The charts never see the router's own (changing) navigate: see DashboardCharts.
  const routerNavigate = useNavigate();
  const latestNavigate = useRef(routerNavigate);
  latestNavigate.current = routerNavigate;
  const navigate = useCallback((to: string) => latestNavigate.current(to), []);
  useEffect(() => {
    if (data) startTransition(() => setShown(data));
  }, [data]);
  useEffect(() => {
    if (!empty) void loadCharts().catch(() => undefined);
  }, [empty]);
  if (empty) return <FirstRunGuide />;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Charts
      </Title>
      {shown ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <DashboardCharts charts={shown} navigate={navigate} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </Stack>
  );
}
