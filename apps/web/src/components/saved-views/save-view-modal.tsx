import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';

interface SaveViewModalProps {
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (input: { name: string; shared: boolean }) => Promise<unknown>;
}

/** Names the current list and keeps it private or shares it with everyone. */
export function SaveViewModal({ opened, saving, onClose, onSave }: SaveViewModalProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setShared(false);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!name.trim()) {
      setError('View name is required');
      return;
    }
    try {
      await onSave({ name: name.trim(), shared });
      close();
    } catch (cause) {
      setError(cause instanceof ApiError ? (cause.fields.name ?? cause.message) : 'Could not save the view');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Save view">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="View name"
            placeholder="My leads from Instagram this month"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={100}
            data-autofocus
          />
          <Checkbox
            label="Share with everyone"
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
