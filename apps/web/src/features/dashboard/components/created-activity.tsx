import { Stack, Text } from '@mantine/core';
import type { ContactActivity } from '../api/dashboard-types';
import { ActivityTime, ContactLink } from './activity-parts';

/** "New lead added", the name, "Added by {owner}", the created time. */
export function CreatedActivity({ activity }: { activity: ContactActivity }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        New {activity.contactType.toLowerCase()} added
      </Text>
      <Text size="sm">
        <ContactLink activity={activity} />
      </Text>
      <Text size="xs" c="dimmed">
        Added by {activity.owner.name}
      </Text>
      <ActivityTime value={activity.createdAt} />
    </Stack>
  );
}
