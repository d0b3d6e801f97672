import { Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { EMPTY_VALUE, type PhoneFormat, usePhoneFormat } from '../../../lib/format';
import { contactFieldLabel, contactValueLabel } from '../../contacts/components/contact-detail-labels';
import type { ContactActivity } from '../api/dashboard-types';
import { ActivityTime, actorOf, ContactLink } from './activity-parts';

function ChangeValue({ value, kind }: { value: string | null; kind: 'old' | 'new' }) {
  return (
    <Text
      size="xs"
      lineClamp={1}
      c={kind === 'old' ? 'dimmed' : undefined}
      td={kind === 'old' && value ? 'line-through' : undefined}
      maw="45%"
      title={value ?? undefined}
    >
      {value || EMPTY_VALUE}
    </Text>
  );
}

/**
 * A stored value as the contact's Activities tab shows it: 'HIGH_SCHOOL' reads 'Secondary School',
 * a phone "+90 532 123 45 67".
 */
function labelOf(field: string | null, value: string | null, phone: PhoneFormat): string | null {
  return field && value ? contactValueLabel(field, value, phone) : value;
}

/** "{user} edited {contact}", then the field, its old value → its new value, in their labels. */
export function EditedActivity({ activity }: { activity: ContactActivity }) {
  const phone = usePhoneFormat();
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span fw={600} inherit>
          {actorOf(activity)}
        </Text>{' '}
        edited <ContactLink activity={activity} />
      </Text>
      {activity.field && (
        <Text size="xs" fw={600}>
          {contactFieldLabel(activity.field)}
        </Text>
      )}
      <Group gap={6} wrap="nowrap">
        <ChangeValue value={labelOf(activity.field, activity.oldValue, phone)} kind="old" />
        <IconArrowRight size={12} aria-label="changed to" />
        <ChangeValue value={labelOf(activity.field, activity.newValue, phone)} kind="new" />
      </Group>
      <ActivityTime value={activity.timestamp} />
    </Stack>
  );
}
