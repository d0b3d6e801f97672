import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { TASK_PRIORITIES, TASK_STATES, TASK_TITLE_MAX, taskMessages } from './task-constants.js';

export * from './task-constants.js';

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
  dealId: id('dealId must be a positive number').nullish(),
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
