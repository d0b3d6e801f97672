import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconUserShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { isOverdue, nextWeekMorning, tomorrowMorning } from './quick-dates';
import type { Task, TaskChange } from './task-types';

const PRIORITY_COLORS = { low: 'gray', normal: 'blue', high: 'red' } as const;

interface TaskItemProps {
  task: Task;
  onChange: (change: TaskChange) => void;
  onReassign: (task: Task) => void;
  /** The record link is left out where the record is the screen itself. */
  showRecord?: boolean;
  busy?: boolean;
}

/** One task: complete or reopen with its checkbox; reschedule or reassign from its menu. */
export function TaskItem({ task, onChange, onReassign, showRecord = true, busy = false }: TaskItemProps) {
  const done = task.state === 'done';
  const overdue = isOverdue(task.dueAt, task.state);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="task-item" aria-label={`Task ${task.title}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start" gap="sm" miw={0}>
          <Checkbox
            mt={2}
            checked={done}
            disabled={busy}
            aria-label={done ? `Reopen ${task.title}` : `Complete ${task.title}`}
            onChange={() => onChange({ state: done ? 'open' : 'done' })}
          />
          <Stack gap={2} miw={0}>
            <Text fw={500} td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
              {task.title}
            </Text>
            <Group gap="xs">
              {task.dueAt ? (
                <Text size="xs" c={overdue ? 'red' : 'dimmed'}>
                  {overdue ? 'Overdue · ' : 'Due '}
                  {formatDateTime(task.dueAt)}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  No date
                </Text>
              )}
              <Badge size="xs" variant="light" color={PRIORITY_COLORS[task.priority]}>
                {task.priority}
              </Badge>
              <Text size="xs" c="dimmed">
                {task.assignee.name}
              </Text>
              {showRecord && task.record && (
                <Anchor component={Link} to={task.record.path} size="xs">
                  {task.record.name}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${task.title}`}
              disabled={busy}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Reschedule</Menu.Label>
            <Menu.Item
              leftSection={<IconCalendarEvent size={14} />}
              onClick={() => onChange({ dueAt: tomorrowMorning() })}
            >
              Tomorrow
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCalendarEvent size={14} />}
              onClick={() => onChange({ dueAt: nextWeekMorning() })}
            >
              Next week
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconUserShare size={14} />} onClick={() => onReassign(task)}>
              Reassign…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
