import { Stack, Title } from '@mantine/core';
import { DashboardChartsSection } from '../components/dashboard-charts-section';
import { DealCards } from '../components/deal-cards';
import { MyTasksTodayCard } from '../components/my-tasks-today-card';
import { OverviewCards } from '../components/overview-cards';
import { RecentActivities } from '../components/recent-activities';

/** 000 §2.5: the three counts, the charts (or the first steps on an empty database), the recent activities. */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <Title order={2} fz="h3">
        Overview
      </Title>
      <OverviewCards />
      <DealCards />
      <MyTasksTodayCard />
      <DashboardChartsSection />
      <RecentActivities />
    </Stack>
  );
}
