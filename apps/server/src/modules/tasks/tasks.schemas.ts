import { TASK_GROUPS, TASK_PRIORITIES, TASK_STATES } from '@crm/domain';
import { z } from 'zod';

export const taskResponse = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  dueAt: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  state: z.enum(TASK_STATES),
  assignee: z.object({ id: z.number(), name: z.string() }),
  creator: z.object({ id: z.number(), name: z.string() }),
  record: z
    .object({
      kind: z.enum(['contact', 'agency', 'deal']),
      id: z.number(),
      name: z.string(),
      path: z.string(),
    })
    .nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const dayStart = z.iso
  .datetime({ offset: true, error: 'dayStart must be a date and time' })
  .optional()
  .describe("The caller's local midnight, so that Today is their day; UTC midnight when omitted");

export const myTasksQuery = z.object({
  group: z.enum(TASK_GROUPS, { error: 'group must be overdue, today, upcoming, nodate or done' }),
  dayStart,
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(10_000_000).default(0),
});

export const summaryQuery = z.object({ dayStart });

export const taskSummaryResponse = z.object({
  overdue: z.number(),
  today: z.number(),
  upcoming: z.number(),
  nodate: z.number(),
  open: z.number(),
});
