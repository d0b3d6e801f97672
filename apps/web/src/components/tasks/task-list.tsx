import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ReassignTaskModal } from './reassign-task-modal';
import { TaskItem } from './task-item';
import type { Task } from './task-types';
import { useChangeTask } from './use-tasks';

interface TaskListProps {
  tasks: Task[];
  showRecord?: boolean;
}

/** Tasks with their actions wired to the API: complete, reopen, reschedule, reassign. */
export function TaskList({ tasks, showRecord = true }: TaskListProps) {
  const change = useChangeTask();
  const [reassigning, setReassigning] = useState<Task | null>(null);
  return (
    <>
      <Stack gap="xs">
        {tasks.map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            showRecord={showRecord}
            busy={change.isPending && change.variables?.id === task.id}
            onChange={(patch) => change.mutate({ id: task.id, change: patch })}
            onReassign={setReassigning}
          />
        ))}
      </Stack>
      <ReassignTaskModal
        task={reassigning}
        onClose={() => setReassigning(null)}
        onReassign={(task, assigneeId) => change.mutate({ id: task.id, change: { assigneeId } })}
      />
    </>
  );
}
