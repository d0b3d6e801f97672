import { z } from 'zod';

export const historyEntryResponse = z.object({
  id: z.number(),
  kind: z.string(),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  timestamp: z.string(),
  user: z.object({ name: z.string() }).nullable(),
  /** The staff member an agency entry is about. */
  contact: z.object({ name: z.string() }).nullable(),
  /** The task an entry of kind 'task' is about; absent on other entries. */
  task: z.object({ id: z.number(), title: z.string() }).optional(),
});
export type HistoryEntry = z.output<typeof historyEntryResponse>;
