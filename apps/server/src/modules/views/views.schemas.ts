import { listViewStateSchema, VIEW_LISTS } from '@crm/domain';
import { z } from 'zod';

export const viewResponse = z.object({
  id: z.number(),
  list: z.enum(VIEW_LISTS),
  name: z.string(),
  shared: z.boolean(),
  state: listViewStateSchema,
  owner: z.object({ id: z.number(), name: z.string() }),
  /** The caller's own view (which they may rename, share or delete). */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const viewsQuery = z.object({ list: z.enum(VIEW_LISTS) });
