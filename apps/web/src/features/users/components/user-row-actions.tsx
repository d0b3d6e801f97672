import type { User } from '@crm/domain';
import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';

interface UserRowActionsProps {
  user: User;
  onToggleActive: (user: User) => void;
}

export function UserRowActions({ user, onToggleActive }: UserRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={`/edit-user/${user.id}`}
        state={{ user }}
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} />}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color={user.isActive ? 'red' : 'teal'}
        onClick={() => onToggleActive(user)}
      >
        {user.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </Group>
  );
}
