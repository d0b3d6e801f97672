// The task limits and messages apart from the schemas, so that the web app's shell reads them without zod.
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
  dealAlone: 'A task on a deal belongs to no contact or agency as well',
  notYours: "You can only change your own tasks or your records' tasks",
  created: 'Task created',
  completed: 'Task completed',
  reopened: 'Task reopened',
  rescheduled: 'Task rescheduled',
  reassigned: 'Task reassigned',
} as const;
