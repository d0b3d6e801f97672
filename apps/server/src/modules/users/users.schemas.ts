import { ROLES } from '@crm/domain';
import { z } from 'zod';

/** What the API may answer about a user: the password hash never leaves the server. */
export const userResponse = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  surname: z.string(),
  phone: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

export const userSummaryResponse = z.object({ id: z.number(), name: z.string() });
