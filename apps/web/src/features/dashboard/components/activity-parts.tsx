import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { ContactActivity } from '../api/dashboard-types';

/** The word used when an activity's user is unknown (000 §2.5). */
export const UNKNOWN_USER = 'Someone';

export function actorOf(activity: ContactActivity): string {
  return activity.user?.name ?? UNKNOWN_USER;
}

/** The contact's name, linking to its detail screen. */
export function ContactLink({ activity }: { activity: ContactActivity }) {
  const path = `/${activity.contactType === 'LEAD' ? 'lead' : 'customer'}/${activity.contactId}`;
  return (
    <Anchor component={Link} to={path} fw={600} inherit>
      {activity.contactName}
    </Anchor>
  );
}

export function ActivityTime({ value }: { value: string }) {
  return (
    <Text size="xs" c="dimmed" component="time" dateTime={value}>
      {formatDateTime(value)}
    </Text>
  );
}
