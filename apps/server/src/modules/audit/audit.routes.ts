import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { errors } from '../../lib/schemas.js';
import type { AuditFilter } from './audit.repository.js';
import { listAudit } from './audit.service.js';
import { exportAudit } from './audit-export.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A day (YYYY-MM-DD, UTC) or an ISO time; a `to` day includes the whole day. */
const instant = (edge: 'from' | 'to') =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `${edge} must be a date (YYYY-MM-DD) or an ISO time`,
    })
    .transform((value) => {
      const time = Date.parse(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
      return new Date(edge === 'to' && DAY.test(value) ? time + DAY_MS : time).toISOString();
    });

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a number` })
    .positive({ error: `${name} must be a number` });

const filterQuery = z.object({
  action: z.string().max(60).optional(),
  actor: id('actor').optional(),
  targetType: z.string().max(30).optional(),
  targetId: id('targetId').optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  address: z.string().max(64).optional(),
});

function filterOf(query: z.infer<typeof filterQuery>): AuditFilter {
  return {
    action: query.action,
    actorId: query.actor,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from,
    to: query.to,
    address: query.address,
  };
}

const entryResponse = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()),
  address: z.string(),
});

/** Read-only by design: there is no route that edits or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['audit'];

  app.get(
    '/audit',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'The audit log, newest first (admin): filters action, actor (user id), targetType, targetId, from and to (YYYY-MM-DD or ISO time), address; limit and offset; X-Total-Count',
        querystring: filterQuery.extend({
          limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(50),
          offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
        }),
        response: { 200: z.array(entryResponse), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, offset, ...filters } = request.query;
      return replyWithPage(reply, await listAudit(ctx, filterOf(filters), limit, offset));
    },
  );

  app.get(
    '/audit/export',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'The filtered audit log as CSV (admin); the same filters as the list',
        querystring: filterQuery,
        response: { 200: z.unknown().describe('The CSV file'), ...errors },
      },
    },
    async (request, reply) => {
      const started = exportAudit(ctx, caller(request), filterOf(request.query), request.log);
      reply
        .header('content-type', started.contentType)
        .header('content-disposition', `attachment; filename="${started.filename}"`)
        .header('cache-control', 'no-store');
      return reply.send(started.body);
    },
  );
};
