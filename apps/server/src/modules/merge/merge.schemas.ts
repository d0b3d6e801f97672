import { z } from 'zod';
import { agencyResponse } from '../agencies/agencies.schemas.js';
import { AGENCY_MERGE_FIELDS } from '../agencies/agency-adapter.js';
import { CONTACT_MERGE_FIELDS } from '../contacts/contact-adapter.js';
import { contactResponse } from '../contacts/contacts.schemas.js';

const side = z.enum(['survivor', 'other']);
const id = z.number({ error: 'Choose two records to merge' }).int().positive().max(2_147_483_647);

export const contactMergeBody = z.object({
  survivorId: id,
  otherId: id,
  /** For each differing field, whose value to keep; unset fields keep the preselected value. */
  choices: z.partialRecord(z.enum(CONTACT_MERGE_FIELDS), side).default({}),
  /** Answer what the merge would do, and write nothing. */
  dryRun: z.boolean().default(false),
});

const fieldChoice = z.object({
  field: z.string(),
  label: z.string(),
  survivorValue: z.string().nullable(),
  otherValue: z.string().nullable(),
  chosen: side,
});

export const contactMergeResponse = z.object({
  dryRun: z.boolean(),
  mergeId: z.number().nullable(),
  survivor: contactResponse,
  merged: z.object({ id: z.number(), name: z.string(), surname: z.string() }),
  /** The fields that differ, with both values and the one kept. */
  fields: z.array(fieldChoice),
  moved: z.object({
    notes: z.number(),
    files: z.number(),
    history: z.number(),
    staffPositions: z.number(),
    staffDeactivated: z.number(),
    deals: z.number(),
    partnerCustomer: z.boolean(),
  }),
});

export const contactUndoResponse = z.object({ survivor: contactResponse, restored: contactResponse });

export const mergeEntryResponse = z.object({
  id: z.number(),
  survivorId: z.number(),
  mergedId: z.number(),
  mergedAt: z.string(),
  by: z.string().nullable(),
  undoneAt: z.string().nullable(),
});

export const agencyMergeBody = z.object({
  survivorId: id,
  otherId: id,
  choices: z.partialRecord(z.enum(AGENCY_MERGE_FIELDS), side).default({}),
  dryRun: z.boolean().default(false),
});

export const agencyMergeResponse = z.object({
  dryRun: z.boolean(),
  mergeId: z.number().nullable(),
  survivor: agencyResponse,
  merged: z.object({ id: z.number(), name: z.string() }),
  fields: z.array(fieldChoice),
  moved: z.object({
    notes: z.number(),
    files: z.number(),
    history: z.number(),
    staff: z.number(),
    customers: z.number(),
    childAgencies: z.number(),
    salesReps: z.number(),
    deals: z.number(),
  }),
});

export const agencyUndoResponse = z.object({ survivor: agencyResponse, restored: agencyResponse });

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
export const contactGroupsQuery = z.object({
  rule: z.enum(['name', 'email', 'phone']).default('name'),
  ...page,
});
export const agencyGroupsQuery = z.object({
  rule: z.enum(['email', 'officeNumber']).default('email'),
  ...page,
});

export const duplicateGroupsResponse = z.object({
  hasMore: z.boolean(),
  groups: z.array(
    z.object({
      value: z.string(),
      count: z.number(),
      members: z.array(
        z.object({
          id: z.number(),
          type: z.string().nullable(),
          name: z.string(),
          email: z.string().nullable(),
          phone: z.string(),
          updatedAt: z.string(),
        }),
      ),
    }),
  ),
});
