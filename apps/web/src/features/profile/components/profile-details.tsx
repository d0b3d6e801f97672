import type { User } from '@crm/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';

export function ProfileDetails({ user }: { user: User }) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Name
        </Text>
        <Text fw={600} fz="lg">
          {user.name}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Email
        </Text>
        <Text>{user.email}</Text>
      </div>
      <Group gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Role
        </Text>
        <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'blue'}>
          {user.role}
        </Badge>
      </Group>
    </Stack>
  );
}
