import { Stack, Text } from '@mantine/core';
import type { ContactActivity } from '../api/dashboard-types';
import { ActivityTime, actorOf, ContactLink } from './activity-parts';

/** "{user} converted {contact} to Customer". */
export function ConvertedActivity({ activity }: { activity: ContactActivity }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span fw={600} inherit>
          {actorOf(activity)}
        </Text>{' '}
        converted <ContactLink activity={activity} /> to Customer
      </Text>
      <ActivityTime value={activity.timestamp} />
    </Stack>
  );
}
