import { Avatar, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconLogout, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser, useSession } from '../../../lib/session-context';
import { ProfileDetails } from './profile-details';
import { ProfileEditForm } from './profile-edit-form';

export function ProfileCard() {
  const user = useCurrentUser();
  const { setUser, logout } = useSession();
  const [editing, setEditing] = useState(false);

  return (
    <Card withBorder radius="lg" padding="xl">
      <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Avatar name={user.name} color="initials" size="lg" radius="xl" />
          <Title order={2} fz="h3">
            Account details
          </Title>
        </Group>
        {!editing && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
            // On a phone the title wraps; the button keeps its word.
            style={{ flexShrink: 0 }}
          >
            Edit
          </Button>
        )}
      </Group>
      {editing ? (
        <ProfileEditForm
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setUser(saved);
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap="lg">
          <ProfileDetails user={user} />
          <Group>
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout()}
            >
              Logout
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
