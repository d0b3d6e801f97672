import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ContactActivity } from '../api/dashboard-types';
import { useRecentActivities } from '../api/use-recent-activities';
import { ActivityColumn } from './activity-column';
import { ConvertedActivity } from './converted-activity';
import { CreatedActivity } from './created-activity';
import { EditedActivity } from './edited-activity';

const COLUMNS: readonly {
  kind: ContactActivity['type'];
  title: string;
  render: (activity: ContactActivity) => ReactNode;
}[] = [
  { kind: 'created', title: 'Created', render: (activity) => <CreatedActivity activity={activity} /> },
  { kind: 'conversion', title: 'Converted', render: (activity) => <ConvertedActivity activity={activity} /> },
  { kind: 'edited', title: 'Edited', render: (activity) => <EditedActivity activity={activity} /> },
];

/** Created, Converted and Edited columns, each shown only when it has items (000 §2.5). */
export function RecentActivities() {
  const { data: activities = [], isPending } = useRecentActivities();
  const columns = COLUMNS.map((column) => ({
    ...column,
    items: activities.filter((activity) => activity.type === column.kind),
  })).filter((column) => column.items.length > 0);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Recent Activities
      </Title>
      {isPending && <Loader size="sm" aria-label="Loading recent activities" />}
      {!isPending && columns.length === 0 && (
        <Text c="dimmed" size="sm">
          No recent activities.
        </Text>
      )}
      {columns.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: columns.length }} spacing="lg">
          {columns.map((column) => (
            <ActivityColumn
              key={column.kind}
              title={column.title}
              items={column.items}
              renderItem={column.render}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
