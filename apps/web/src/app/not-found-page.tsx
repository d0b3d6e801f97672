import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih={400}>
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center" maw={420}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Back to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
