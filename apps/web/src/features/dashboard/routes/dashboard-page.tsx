import { Stack, Title } from '@mantine/core';

/** 000 §2.5. The metric cards and recent activities arrive with the contacts feature. */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <Title order={2} fz="h3">
        Overview
      </Title>
    </Stack>
  );
}
