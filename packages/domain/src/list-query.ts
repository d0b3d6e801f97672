import { z } from 'zod';

import { MAX_PAGE_SIZE } from './list-params.js';

export * from './list-params.js';

/** The zod shape of the fixed list parameters; filters are read separately from `filter.*` keys. */
export const listParamsSchema = z.object({
  q: z.string().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be at least 0' })
    .optional(),
  cursor: z.string().max(1000).optional(),
});
