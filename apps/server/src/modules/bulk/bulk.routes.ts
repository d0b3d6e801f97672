import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import {
  bulkBody,
  bulkDoneResponse,
  bulkJobResponse,
  bulkJobStarted,
  bulkParams,
  dealBulkBody,
} from './bulk.schemas.js';
import { type BulkTarget, bulkJobView, countBulkMatches, startBulk } from './bulk.service.js';

/**
 * Bulk actions over a list's records. Every list's selection and bulk actions are an admin's (001
 * §5, 002 §5), so these routes are too; each record's write path checks its own permission again.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['bulk'];

  app.post(
    '/bulk/:list',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'A bulk action (activate, deactivate, reassign with assignedToId) on the records a list shows for its parameters (params: q, sort, order, filter.<column>), on chosen ids, or undoing a bulk job (undoOf). Up to 100 records answer 200 with what changed; more answer 202 with a job whose progress GET bulk/jobs/{id} reads',
        params: bulkParams,
        body: bulkBody,
        response: { 200: bulkDoneResponse, 202: bulkJobStarted, ...errors },
      },
    },
    async (request, reply) => {
      const { action, params, ids, undoOf, assignedToId } = request.body;
      const target: BulkTarget = params ? { params } : ids ? { ids } : { undoOf: undoOf! };
      const started = await startBulk(ctx, caller(request), request.params.list, {
        action,
        target,
        options: { assignedToId },
      });
      if ('job' in started) return reply.code(202).send(started.job);
      return started.done;
    },
  );

  app.get(
    '/bulk/:list/count',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "How many records a list shows for its parameters, exactly (the list's own total stops at 1,000)",
        params: bulkParams,
        querystring: listQuerystring,
        response: { 200: z.object({ count: z.number() }), ...errors },
      },
    },
    async (request) => ({
      count: await countBulkMatches(ctx, caller(request), request.params.list, request.query),
    }),
  );

  // The deals list: any user moves what their list shows them (their own active deals), as its
  // per-deal actions let them; reassigning and deactivating stay an admin's (checked by the service).
  app.post(
    '/bulk/deals',
    {
      schema: {
        tags,
        summary:
          'A bulk action on the deals the deals list shows for its parameters (params: q, sort, order, mine, filter.<column>), on chosen ids, or undoing a bulk deactivation (undoOf): move (stageId; a move to Lost takes one lostReasonId, and lostReasonText, for all), reassign (assignedToId becomes owner and assignee; admin), deactivate and activate (admin). Up to 100 deals answer 200; more answer 202 with a job',
        body: dealBulkBody,
        response: { 200: bulkDoneResponse, 202: bulkJobStarted, ...errors },
      },
    },
    async (request, reply) => {
      const { action, params, ids, undoOf, assignedToId, stageId, lostReasonId, lostReasonText } =
        request.body;
      const target: BulkTarget = params ? { params } : ids ? { ids } : { undoOf: undoOf! };
      const started = await startBulk(ctx, caller(request), 'deals', {
        action,
        target,
        options: { assignedToId, stageId, lostReasonId, lostReasonText },
      });
      if ('job' in started) return reply.code(202).send(started.job);
      return started.done;
    },
  );

  app.get(
    '/bulk/deals/count',
    {
      schema: {
        tags,
        summary: 'How many deals the deals list shows the caller for its parameters, exactly',
        querystring: listQuerystring,
        response: { 200: z.object({ count: z.number() }), ...errors },
      },
    },
    async (request) => ({ count: await countBulkMatches(ctx, caller(request), 'deals', request.query) }),
  );

  app.get(
    '/bulk/jobs/:id',
    {
      schema: {
        tags,
        summary: "A bulk job's progress and outcome (an admin's job, or anyone's deals move)",
        params: idParams,
        response: { 200: bulkJobResponse, ...errors },
      },
    },
    async (request) => bulkJobView(ctx, caller(request), request.params.id),
  );
};
