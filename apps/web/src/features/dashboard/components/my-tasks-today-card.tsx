import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TaskList, useMyTasks, useTaskSummary } from '../../../components/tasks';
import { formatCount } from '../../../lib/format';

/** Overdue tasks listed on the card: the rest are a click away on My Tasks. */
const OVERDUE_SHOWN = 5;

/**
 * "My tasks today": the overdue tasks (their count, and the first of them) and what is due today,
 * with a way to My Tasks. A count stands beside the tasks it counts, never beside an empty list.
 */
export function MyTasksTodayCard() {
  const summary = useTaskSummary();
  const overdueCount = summary.data?.overdue ?? 0;
  const overdue = useMyTasks('overdue', OVERDUE_SHOWN, overdueCount > 0);
  const today = useMyTasks('today', 5);
  const overdueTasks = overdue.data?.tasks ?? [];
  const tasks = today.data?.tasks ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="My tasks today">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h3">
          My tasks today
        </Title>
        <Group gap="xs">
          <Badge
            color={overdueCount > 0 ? 'red' : 'gray'}
            variant="light"
            aria-label={`Overdue: ${overdueCount}`}
          >
            Overdue: {formatCount(overdueCount)}
          </Badge>
          <Anchor component={Link} to="/my-tasks" size="sm">
            All my tasks
          </Anchor>
        </Group>
      </Group>
      <Stack gap="md">
        {overdueCount > 0 && (
          <section aria-label="Overdue tasks">
            <Title order={3} fz="sm" c="red" mb={4}>
              Overdue
            </Title>
            {overdueTasks.length > 0 ? <TaskList tasks={overdueTasks} /> : <Text size="sm">Loading…</Text>}
            {overdueCount > overdueTasks.length && overdueTasks.length > 0 && (
              <Anchor component={Link} to="/my-tasks" size="sm">
                {`All ${formatCount(overdueCount)} overdue tasks`}
              </Anchor>
            )}
          </section>
        )}
        <section aria-label="Due today">
          {overdueCount > 0 && (
            <Title order={3} fz="sm" mb={4}>
              Due today
            </Title>
          )}
          {tasks.length === 0 ? (
            <Text c="dimmed" size="sm">
              {today.isPending ? 'Loading…' : 'Nothing due today.'}
            </Text>
          ) : (
            <TaskList tasks={tasks} />
          )}
        </section>
      </Stack>
    </Card>
  );
}
