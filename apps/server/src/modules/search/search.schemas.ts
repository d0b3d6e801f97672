import { SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@crm/domain';
import { z } from 'zod';

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: `Type at least ${SEARCH_MIN_LENGTH} characters` })
    .max(SEARCH_MAX_LENGTH, { error: `Type at most ${SEARCH_MAX_LENGTH} characters` }),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  title: z.string(),
  /** A line of context: the contact's type, agency and phone; the agency's e-mail and office; the deal's stage, contact and amount. */
  context: z.string(),
  /** A contact's type (LEAD or CUSTOMER), which decides the screen it opens on. */
  type: z.string().nullable(),
  /** Set when the query matched a merged record and this is the record it was merged into. */
  mergedFrom: z.number().nullable(),
});

export const searchResponse = z.object({
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHit) })),
});

export const contactDuplicateQuery = z.object({
  name: z.string().max(100).default(''),
  surname: z.string().max(100).default(''),
  email: z.string().max(320).default(''),
  phone: z.string().max(40).default(''),
  excludeId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

export const agencyDuplicateQuery = z.object({
  email: z.string().max(320).default(''),
  officeNumber: z.string().max(40).default(''),
  excludeId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
