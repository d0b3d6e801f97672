import { MAX_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@crm/domain';
import { apiFetch, apiJson } from '../../lib/api-client';
import type { NewTask, Task, TaskChange, TaskGroup, TaskSummary } from './task-types';

/** The browser's local midnight, so that Today and Overdue are the user's own day. */
export function localDayStart(now: Date = new Date()): string {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

export async function fetchMyTasks(
  group: TaskGroup,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ tasks: Task[]; total: number }> {
  const params = new URLSearchParams({
    group,
    dayStart: localDayStart(),
    limit: String(page.limit),
    offset: String(page.offset),
  });
  const response = await apiFetch('/tasks', { params, signal });
  return {
    tasks: (await response.json()) as Task[],
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
  };
}

export function fetchTaskSummary(signal?: AbortSignal): Promise<TaskSummary> {
  return apiJson<TaskSummary>('/tasks/summary', {
    params: new URLSearchParams({ dayStart: localDayStart() }),
    signal,
  });
}

/** The tasks of a contact (`/contacts/7`) or a partner (`/agencies/3`). */
export function fetchRecordTasks(basePath: string, signal?: AbortSignal): Promise<Task[]> {
  return apiJson<Task[]>(`${basePath}/tasks`, { signal });
}

export function createTask(task: NewTask): Promise<Task> {
  return apiJson<Task>('/tasks', { method: 'POST', body: task });
}

export function changeTask(id: number, change: TaskChange): Promise<Task> {
  return apiJson<Task>(`/tasks/${id}`, { method: 'PATCH', body: change });
}

export interface UserOption {
  id: number;
  name: string;
}

/** Active users by name, for the assignee picker and mentions. */
export async function fetchActiveUsers(signal?: AbortSignal): Promise<UserOption[]> {
  const params = new URLSearchParams({
    'filter.isActive': 'equals:true',
    sort: 'name',
    limit: String(MAX_PAGE_SIZE),
  });
  const users = await apiJson<UserOption[]>('/users', { params, signal });
  return users.map(({ id, name }) => ({ id, name }));
}
