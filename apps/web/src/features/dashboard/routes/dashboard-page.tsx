import { Stack, Title } from '@mantine/core';
import { MyTasksTodayCard } from '../components/my-tasks-today-card';
import { OverviewCards } from '../components/overview-cards';
import { RecentActivities } from '../components/recent-activities';

/** 000 §2.5: the three counts, then the recent contact activities. */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <Title order={2} fz="h3">
        Overview
      </Title>
      <OverviewCards />
      <MyTasksTodayCard />
      <RecentActivities />
    </Stack>
  );
}
