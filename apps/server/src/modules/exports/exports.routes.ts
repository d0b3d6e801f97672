import { TOTAL_COUNT_HEADER } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors } from '../../lib/schemas.js';
import { EXPORT_LISTS } from './export-lists.js';
import { exportHistory, startExport } from './exports.service.js';

const exportQuerystring = z
  .object({
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }).default('csv'),
    columns: z.string().max(1000).optional(),
    agencyId: z.string().optional(),
    q: z.string().optional(),
    sort: z.string().optional(),
    order: z.string().optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

export const exportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['exports'];

  app.get(
    '/exports/:list',
    {
      schema: {
        tags,
        summary:
          'Every row of a list as CSV or XLSX, streamed: the list parameters (q, sort, order, filter.<column>; agencyId for partner-customers), format, and columns (comma-separated keys). 429 while the person streams EXPORTS_PER_PERSON exports',
        params: z.object({
          list: z.enum(EXPORT_LISTS, { error: `list must be one of ${EXPORT_LISTS.join(', ')}` }),
        }),
        querystring: exportQuerystring,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...errors, 429: errors[400] },
      },
    },
    async (request, reply) => {
      const { format, ...raw } = request.query;
      const started = await startExport(ctx, caller(request), request.params.list, format, raw, request.log);
      reply
        .header('content-type', started.contentType)
        .header('content-disposition', `attachment; filename="${started.filename}"`)
        .header('cache-control', 'no-store')
        .header(TOTAL_COUNT_HEADER, String(started.total));
      return reply.send(started.body);
    },
  );

  app.get(
    '/exports',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Exports of contacts: who, when, which list and how many rows (admin)',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              list: z.string(),
              format: z.string(),
              rowCount: z.number(),
              query: z.record(z.string(), z.unknown()),
              user: z.object({ id: z.number(), name: z.string() }),
              createdAt: z.string(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { rows, total } = await exportHistory(ctx, request.query.limit, request.query.offset);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
