import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter';
import { useAssignableUsers } from '../api/use-assignable-users';

interface ReassignOwnerModalProps {
  opened: boolean;
  selectedCount: number;
  saving: boolean;
  onClose: () => void;
  onConfirm: (assignedToId: number) => void;
}

/** Picks the user the selected contacts are assigned to; Confirm waits for a choice (001 §5). */
export function ReassignOwnerModal({ opened, onClose, ...form }: ReassignOwnerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Reassign Owner" centered>
      {/* The modal unmounts its content when closed, so each opening starts with no user chosen. */}
      <ReassignOwnerForm onCancel={onClose} {...form} />
    </Modal>
  );
}

interface ReassignOwnerFormProps {
  selectedCount: number;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (assignedToId: number) => void;
}

function ReassignOwnerForm({ selectedCount, saving, onCancel, onConfirm }: ReassignOwnerFormProps) {
  const users = useAssignableUsers(true);
  const [userId, setUserId] = useState<string | null>(null);
  const options = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }));

  return (
    <Stack gap="md">
      <Text size="sm">
        Assign the {selectedCount} selected {selectedCount === 1 ? 'contact' : 'contacts'} to:
      </Text>
      <Select
        label="User"
        placeholder={users.isPending ? 'Loading users…' : 'Choose a user'}
        data={options}
        value={userId}
        onChange={setUserId}
        searchable
        filter={foldedOptionsFilter}
        nothingFoundMessage="No users found"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          disabled={userId === null}
          loading={saving}
          onClick={() => userId !== null && onConfirm(Number(userId))}
        >
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
