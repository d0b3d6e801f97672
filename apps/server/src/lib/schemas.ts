import { ID_MAX } from '@crm/domain';
import { z } from 'zod';

export const errorResponse = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A 409 for a stale version carries the record as it is now. */
  current: z.unknown().optional(),
});

/** Error answers a route may give, for the OpenAPI description. */
export const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

/** List endpoints take free `filter.<column>` keys besides the fixed parameters. */
export const listQuerystring = z
  .object({
    q: z.string().optional(),
    sort: z.string().optional(),
    order: z.string().optional(),
    limit: z.string().optional(),
    offset: z.string().optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

/** A record's id in the path. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive({ error: 'id must be a positive number' })
    .max(ID_MAX, { error: 'id must be a positive number' }),
});
