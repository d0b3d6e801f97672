import { Button, Group, Text } from '@mantine/core';
import { IconUserOff, IconUsersGroup } from '@tabler/icons-react';
import { formatCount } from '../../../lib/format';

interface ContactBulkActionsProps {
  selectedCount: number;
  onDeactivate: () => void;
  onReassign: () => void;
}

/** Admin bulk actions on the selected rows (001 §2.2). */
export function ContactBulkActions({ selectedCount, onDeactivate, onReassign }: ContactBulkActionsProps) {
  const none = selectedCount === 0;
  return (
    <Group gap="xs">
      {!none && (
        <Text size="sm" c="dimmed">
          {formatCount(selectedCount)} selected
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconUserOff size={14} />}
        disabled={none}
        onClick={onDeactivate}
      >
        Deactivate Selected
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUsersGroup size={14} />}
        disabled={none}
        onClick={onReassign}
      >
        Reassign Owner
      </Button>
    </Group>
  );
}
