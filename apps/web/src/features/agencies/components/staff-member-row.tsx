import { enumLabel } from '@crm/domain';
import { Avatar, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StaffMember } from '../api/agency-types';
import { formatOfficeNumber } from './office-number-links';

interface StaffMemberRowProps {
  member: StaffMember;
  /** Admin controls: a checkbox and Activate/Deactivate. */
  admin?: { selected: boolean; onSelect: () => void; onToggle: () => void; busy: boolean };
}

function initials(name: string, surname: string): string {
  return `${name.trim().charAt(0)}${surname.trim().charAt(0)}`.toUpperCase();
}

/** One staff member: initials, name, email, phone, position, status and View (002 §2). */
export function StaffMemberRow({ member, admin }: StaffMemberRowProps) {
  const { contact } = member;
  const fullName = `${contact.name} ${contact.surname}`.trim();
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      // An inactive member is told by its badge, not by fading (faded text falls below 4.5:1).
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {admin && (
          <Checkbox aria-label={`Select ${fullName}`} checked={admin.selected} onChange={admin.onSelect} />
        )}
        <Avatar radius="xl" color="cyan" aria-hidden="true">
          {initials(contact.name, contact.surname)}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {contact.email || '-'}
          </Text>
          <Text size="xs" c="dimmed">
            {contact.phone ? formatOfficeNumber(contact.phone) : '-'}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color="indigo" tt="none">
          {enumLabel(member.position)}
        </Badge>
        <Badge variant="light" color={member.isActive ? 'teal' : 'red'}>
          {member.isActive ? 'Active' : 'Inactive'}
        </Badge>
        <Button
          component={Link}
          to={`/customer/${contact.id}`}
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          aria-label={`View ${fullName}`}
        >
          View
        </Button>
        {admin && (
          <Button
            size="xs"
            variant="light"
            color={member.isActive ? 'red' : 'teal'}
            loading={admin.busy}
            onClick={admin.onToggle}
            aria-label={`${member.isActive ? 'Deactivate' : 'Activate'} ${fullName}`}
          >
            {member.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        )}
      </Group>
    </Group>
  );
}
