import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" aria-label="Staff CRM home" style={{ textDecoration: 'none' }}>
      <Group gap="xs">
        <ThemeIcon
          size={34}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        >
          <IconAddressBook size={20} stroke={1.8} />
        </ThemeIcon>
        <Text fw={750} fz="lg" c="var(--mantine-color-text)">
          Staff CRM
        </Text>
      </Group>
    </Link>
  );
}
