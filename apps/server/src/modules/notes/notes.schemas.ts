import { z } from 'zod';

export const noteResponse = z.object({
  id: z.number(),
  content: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
});
