import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TaskFormModal, TaskList, useMyTasks, useTaskSummary } from '../../../components/tasks';

const PAGE = 20;

const SECTIONS = [
  { group: 'overdue', title: 'Overdue' },
  { group: 'today', title: 'Today' },
  { group: 'upcoming', title: 'Upcoming' },
  { group: 'nodate', title: 'No date' },
] as const;

type TaskGroupName = (typeof SECTIONS)[number]['group'] | 'done';

/** One group of My Tasks, a page at a time from the server, with 'Show more'. */
function TaskSection({ group, title }: { group: TaskGroupName; title: string }) {
  const [limit, setLimit] = useState(PAGE);
  const query = useMyTasks(group, limit);
  const tasks = query.data?.tasks ?? [];
  const total = query.data?.total ?? 0;
  if (query.isPending) return null;
  if (total === 0 && group !== 'done') return null;
  return (
    <Card withBorder radius="lg" padding="md" aria-label={title} component="section">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" c={group === 'overdue' ? 'red' : undefined}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {total}
        </Text>
      </Group>
      {total === 0 ? (
        <Text c="dimmed" size="sm">
          No done tasks.
        </Text>
      ) : (
        <TaskList tasks={tasks} />
      )}
      {tasks.length < total && (
        <Group justify="center" mt="sm">
          <Button variant="subtle" onClick={() => setLimit((value) => Math.min(value + PAGE, 200))}>
            Show more
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** The signed-in user's tasks: Overdue, Today, Upcoming and No date; done ones behind a toggle. */
export function MyTasksPage() {
  const [showDone, setShowDone] = useState(false);
  const [adding, setAdding] = useState(false);
  const open = SECTIONS.map((section) => <TaskSection key={section.group} {...section} />);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>My Tasks</Title>
        <Group>
          <Switch
            label="Show done"
            checked={showDone}
            onChange={(event) => setShowDone(event.currentTarget.checked)}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New task
          </Button>
        </Group>
      </Group>
      <NoOpenTasks />
      {open}
      {showDone && <TaskSection group="done" title="Done" />}
      <TaskFormModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function NoOpenTasks() {
  const open = useTaskSummary().data?.open;
  if (open !== 0) return null;
  return (
    <Text c="dimmed" ta="center" py="xl">
      No open tasks. Well done!
    </Text>
  );
}
