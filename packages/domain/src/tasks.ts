import { z } from 'zod';
import { ID_MAX } from './ids.js';

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATES = ['open', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** The groups of My Tasks: open ones by due time, and the done ones behind a toggle. */
export const TASK_GROUPS = ['overdue', 'today', 'upcoming', 'nodate', 'done'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
/** A file's validity is reminded of this many days before it passes. */
export const FILE_REMINDER_DAYS = 14;

export const taskMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title can be at most ${TASK_TITLE_MAX} characters`,
  descriptionTooLong: `Description can be at most ${TASK_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  dueAtInvalid: 'Due must be a date and time',
  priorityInvalid: 'Priority must be low, normal or high',
  stateInvalid: 'State must be open or done',
  assigneeNotFound: 'Assignee not found',
  notFound: 'Task not found',
  oneRecord: 'A task belongs to one contact or one agency, not both',
  notYours: "You can only change your own tasks or your records' tasks",
  created: 'Task created',
  completed: 'Task completed',
  reopened: 'Task reopened',
  rescheduled: 'Task rescheduled',
  reassigned: 'Task reassigned',
} as const;

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });

const title = z
  .string({ error: taskMessages.titleRequired })
  .trim()
  .min(1, { error: taskMessages.titleRequired })
  .max(TASK_TITLE_MAX, { error: taskMessages.titleTooLong });
const dueAt = z.iso.datetime({ offset: true, error: taskMessages.dueAtInvalid }).nullable();
const priority = z.enum(TASK_PRIORITIES, { error: taskMessages.priorityInvalid });

export const createTaskSchema = z.object({
  title,
  description: z.string().max(100_000).optional(),
  dueAt: dueAt.optional(),
  priority: priority.optional(),
  assigneeId: id(taskMessages.assigneeNotFound).optional(),
  contactId: id('contactId must be a positive number').nullish(),
  agencyId: id('agencyId must be a positive number').nullish(),
});
export type CreateTaskInput = z.output<typeof createTaskSchema>;

/** One update path for every action: complete and reopen (state), reschedule (dueAt), reassign. */
export const updateTaskSchema = z.object({
  title: title.optional(),
  description: z.string().max(100_000).optional(),
  dueAt: dueAt.optional(),
  priority: priority.optional(),
  state: z.enum(TASK_STATES, { error: taskMessages.stateInvalid }).optional(),
  assigneeId: id(taskMessages.assigneeNotFound).optional(),
});
export type UpdateTaskInput = z.output<typeof updateTaskSchema>;
