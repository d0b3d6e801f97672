import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TaskList, useMyTasks, useTaskSummary } from '../../../components/tasks';

/** "My tasks today": what is due today, and how many are overdue, with a way to My Tasks. */
export function MyTasksTodayCard() {
  const summary = useTaskSummary();
  const today = useMyTasks('today', 5);
  const overdue = summary.data?.overdue ?? 0;
  const tasks = today.data?.tasks ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="My tasks today">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h3">
          My tasks today
        </Title>
        <Group gap="xs">
          <Badge color={overdue > 0 ? 'red' : 'gray'} variant="light" aria-label={`Overdue: ${overdue}`}>
            Overdue: {overdue}
          </Badge>
          <Anchor component={Link} to="/my-tasks" size="sm">
            All my tasks
          </Anchor>
        </Group>
      </Group>
      {tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          {today.isPending ? 'Loading…' : 'Nothing due today.'}
        </Text>
      ) : (
        <TaskList tasks={tasks} />
      )}
    </Card>
  );
}
