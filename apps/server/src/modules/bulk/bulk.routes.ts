import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import { bulkBody, bulkDoneResponse, bulkJobResponse, bulkJobStarted, bulkParams } from './bulk.schemas.js';
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
    async (request) => ({ count: await countBulkMatches(ctx, request.params.list, request.query) }),
  );

  app.get(
    '/bulk/jobs/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "A bulk job's progress and outcome",
        params: idParams,
        response: { 200: bulkJobResponse, ...errors },
      },
    },
    async (request) => bulkJobView(ctx, caller(request), request.params.id),
  );
};
