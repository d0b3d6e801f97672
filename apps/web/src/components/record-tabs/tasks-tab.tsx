import { Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TaskFormModal, TaskList, type TaskRecord, useRecordTasks } from '../tasks';
import type { RecordParent } from './record-types';

export interface TasksTabProps {
  parent: RecordParent;
  /** Which record new tasks belong to. */
  record: TaskRecord;
}

/** The record's tasks, open ones first, with 'Add Task'. */
export function TasksTab({ parent, record }: TasksTabProps) {
  const tasks = useRecordTasks(parent.basePath);
  const [adding, setAdding] = useState(false);
  const rows = tasks.data ?? [];
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Task
        </Button>
      </Group>
      {tasks.isPending ? (
        <Center h={120}>
          <Loader size="sm" aria-label="Loading tasks" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No tasks for this record.
        </Text>
      ) : (
        <TaskList tasks={rows} showRecord={false} />
      )}
      <TaskFormModal opened={adding} onClose={() => setAdding(false)} record={record} />
    </>
  );
}
