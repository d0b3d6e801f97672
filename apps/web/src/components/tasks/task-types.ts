import type { TaskGroup, TaskPriority, TaskState } from '@crm/domain';

/** A task as the API answers it (apps/server/src/modules/tasks/tasks.schemas.ts). */
export interface Task {
  id: number;
  title: string;
  /** Sanitised rich text, '' when none. */
  description: string;
  dueAt: string | null;
  priority: TaskPriority;
  state: TaskState;
  assignee: { id: number; name: string };
  creator: { id: number; name: string };
  /** The contact or partner it belongs to, with the screen path that opens it. */
  record: { kind: 'contact' | 'agency'; id: number; name: string; path: string } | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskSummary {
  overdue: number;
  today: number;
  upcoming: number;
  nodate: number;
  open: number;
}

export interface NewTask {
  title: string;
  description?: string;
  dueAt?: string | null;
  priority?: TaskPriority;
  assigneeId?: number;
  contactId?: number;
  agencyId?: number;
  dealId?: number;
}

/** The record a task is created for: a contact, a partner or a deal. */
export type TaskRecord = { contactId: number } | { agencyId: number } | { dealId: number };

export type TaskChange = Partial<Pick<Task, 'title' | 'description' | 'dueAt' | 'priority' | 'state'>> & {
  assigneeId?: number;
};

export type { TaskGroup };
