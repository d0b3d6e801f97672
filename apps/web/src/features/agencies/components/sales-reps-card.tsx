import { Avatar, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { SalesRep } from '../api/agency-types';

/** 002 §2: the assigned sales reps with name, email and active state; undefined while loading. */
export function SalesRepsCard({ reps }: { reps: readonly SalesRep[] | undefined }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        Assigned Sales Reps
      </Title>
      {reps === undefined ? (
        <Center h={60}>
          <Loader size="sm" aria-label="Loading sales reps" />
        </Center>
      ) : reps.length === 0 ? (
        <Text c="dimmed" size="sm">
          {msg.noSalesReps}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reps.map((rep) => (
            <Group key={rep.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar radius="xl" size="md" color="blue" aria-hidden="true">
                  {rep.name.trim().charAt(0).toUpperCase()}
                </Avatar>
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {rep.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {rep.email}
                  </Text>
                </Stack>
              </Group>
              <Badge variant="light" color={rep.isActive ? 'teal' : 'red'}>
                {rep.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
