import { taskMessages } from '@crm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { recordTabKeys } from '../record-tabs/record-keys';
import {
  changeTask,
  createTask,
  fetchActiveUsers,
  fetchMyTasks,
  fetchRecordTasks,
  fetchTaskSummary,
} from './task-api';
import { taskKeys } from './task-keys';
import type { NewTask, TaskChange, TaskGroup } from './task-types';

export function useTaskSummary() {
  return useQuery({
    queryKey: taskKeys.summary,
    queryFn: ({ signal }) => fetchTaskSummary(signal),
    staleTime: 15_000,
  });
}

export function useMyTasks(group: TaskGroup, limit: number, enabled = true) {
  return useQuery({
    queryKey: [...taskKeys.group(group), limit],
    queryFn: ({ signal }) => fetchMyTasks(group, { limit, offset: 0 }, signal),
    enabled,
    staleTime: 0,
  });
}

export function useRecordTasks(basePath: string) {
  return useQuery({
    queryKey: taskKeys.record(basePath),
    queryFn: ({ signal }) => fetchRecordTasks(basePath, signal),
    staleTime: 0,
  });
}

export function useActiveUsers(enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.assignees,
    queryFn: ({ signal }) => fetchActiveUsers(signal),
    enabled,
    staleTime: 60_000,
  });
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: NewTask) => createTask(task),
    onSuccess: async () => {
      toast.success(taskMessages.created);
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      await queryClient.invalidateQueries({ queryKey: recordTabKeys.everyRecord });
    },
  });
}

/** What a change is called in its toast. */
function changeMessage(change: TaskChange): string {
  if (change.state === 'done') return taskMessages.completed;
  if (change.state === 'open') return taskMessages.reopened;
  if (change.assigneeId !== undefined) return taskMessages.reassigned;
  return taskMessages.rescheduled;
}

export function useChangeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TaskChange }) => changeTask(id, change),
    onSuccess: async (_task, { change }) => {
      toast.success(changeMessage(change));
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      await queryClient.invalidateQueries({ queryKey: recordTabKeys.everyRecord });
    },
    onError: (error) => toast.error(messageOf(error, 'Failed to update the task')),
  });
}
