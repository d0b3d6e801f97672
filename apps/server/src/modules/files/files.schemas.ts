import { z } from 'zod';

export const fileResponse = z.object({
  id: z.number(),
  name: z.string(),
  filename: z.string(),
  url: z.string(),
  mimeType: z.string(),
  size: z.number(),
  validUntil: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  uploadedBy: z.object({ name: z.string() }),
  deletedBy: z.object({ name: z.string() }).nullable(),
});
