import { dealStageMoveSchema, ID_MAX } from '@crm/domain';
import { z } from 'zod';
import { BULK_ACTIONS, BULK_LISTS, DEAL_BULK_ACTIONS } from './bulk-lists.js';

const id = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });

/** A list's parameters as its screen sends them: q, sort, order, filter.<column>. */
const listParams = z.record(
  z.string().max(100),
  z.string({ error: 'List parameters must be text' }).max(1000, { error: 'A list parameter is too long' }),
  { error: 'params must be the list parameters' },
);

export const bulkParams = z.object({
  list: z.enum(BULK_LISTS, { error: `list must be one of ${BULK_LISTS.join(', ')}` }),
});

/**
 * Which records: `params` (every record the list shows for them), `ids` (those chosen), or
 * `undoOf` (the records a bulk job changed) — exactly one.
 */
const targetShape = {
  params: listParams.optional(),
  ids: z
    .array(id('ids must be record ids'), { error: 'ids must be record ids' })
    .min(1, { error: 'Choose at least one record' })
    .max(1000, { error: 'Choose at most 1000 records, or select all matching' })
    .optional(),
  undoOf: id('undoOf must be a bulk action id').optional(),
  assignedToId: id('assignedToId must be a user id').optional(),
};

const oneTarget = (body: { params?: unknown; ids?: unknown; undoOf?: unknown }) =>
  [body.params, body.ids, body.undoOf].filter((x) => x !== undefined).length === 1;
const oneTargetError = { error: 'Give exactly one of params, ids and undoOf' };

export const bulkBody = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    ...targetShape,
  })
  .strict()
  .refine(oneTarget, oneTargetError);

/** The deals list's: a move names its stage, and a move to Lost the one reason for all. */
export const dealBulkBody = z
  .object({
    action: z.enum(DEAL_BULK_ACTIONS, { error: `action must be one of ${DEAL_BULK_ACTIONS.join(', ')}` }),
    ...targetShape,
    stageId: id('stageId must be a stage id').optional(),
    lostReasonId: dealStageMoveSchema.shape.lostReasonId,
    lostReasonText: dealStageMoveSchema.shape.lostReasonText,
  })
  .strict()
  .refine(oneTarget, oneTargetError);

export const bulkDoneResponse = z.object({
  count: z.number(),
  message: z.string(),
  ids: z.array(z.number()),
});
export const bulkJobStarted = z.object({ jobId: z.number(), total: z.number() });
export const bulkJobResponse = z.object({
  id: z.number(),
  state: z.string(),
  done: z.number(),
  total: z.number(),
  count: z.number().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
