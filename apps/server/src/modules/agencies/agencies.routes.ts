import { agencyFormSchema, bulkIdsSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import { parentRoutes } from '../parent-routes.js';

import { editBody, expectedVersion, withETag } from '../versions/versions.service.js';
import { countActiveAgencies } from './agencies.repository.js';
import {
  agencyDetailResponse,
  agencyDuplicatesResponse,
  agencyResponse,
  bulkResponse,
} from './agencies.schemas.js';
import * as agencies from './agencies.service.js';

export const agenciesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['agencies'];

  app.get(
    '/agencies',
    {
      schema: {
        tags,
        summary: 'Agencies a page at a time: q, sort, order, filter.<column>, limit, offset',
        querystring: listQuerystring,
        response: { 200: compiledResponse(z.array(agencyResponse)), ...errors },
      },
    },
    async (request, reply) => {
      return replyWithPage(reply, await agencies.listAgenciesFor(ctx, request.query));
    },
  );

  app.get(
    '/agencies/count',
    { schema: { tags: ['dashboard'], response: { 200: z.object({ count: z.number() }), ...errors } } },
    async () => ({ count: await countActiveAgencies(ctx.db) }),
  );

  app.get(
    '/agencies/:id',
    {
      schema: {
        tags,
        summary: 'An agency; a merged agency redirects (308) to the agency it was merged into',
        params: idParams,
        response: { 200: agencyDetailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const survivor = await agencies.agencyMergedInto(ctx, request.params.id);
      if (survivor !== null) return reply.redirect(`/api/agencies/${survivor}`, 308);
      return withETag(reply, await agencies.agencyDetail(ctx, caller(request), request.params.id));
    },
  );

  app.post(
    '/agencies',
    { schema: { tags, body: agencyFormSchema, response: { 201: agencyDetailResponse, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await agencies.createAgencyFor(ctx, caller(request), request.body)),
  );

  app.put(
    '/agencies/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: editBody(agencyFormSchema),
        response: { 200: agencyDetailResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await agencies.updateAgencyForm(ctx, caller(request), request.params.id, {
          ...request.body,
          version: expectedVersion(request, request.body.version),
        }),
      ),
  );

  app.put(
    '/agencies/:id/status/:action',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: idParams.extend({
          action: z.enum(['activate', 'deactivate'], { error: 'action must be activate or deactivate' }),
        }),
        response: { 200: agencyResponse, ...errors },
      },
    },
    async (request) =>
      agencies.setAgencyActive(ctx, caller(request), request.params.id, request.params.action === 'activate'),
  );

  for (const [path, active] of [
    ['bulk-activate', true],
    ['bulk-deactivate', false],
  ] as const) {
    app.put(
      `/agencies/${path}`,
      {
        preHandler: requireAdmin,
        schema: { tags, body: bulkIdsSchema, response: { 200: bulkResponse, ...errors } },
      },
      async (request) => agencies.bulkSetAgencies(ctx, caller(request), request.body.ids, active),
    );
  }

  app.get(
    '/agencies/:id/duplicates',
    { schema: { tags, params: idParams, response: { 200: agencyDuplicatesResponse, ...errors } } },
    async (request) => agencies.agencyDuplicates(ctx, request.params.id),
  );

  await app.register(parentRoutes, {
    ctx,
    segment: 'agencies',
    kind: 'agency',
    recordNotesInHistory: true,
    ensureParent: (id) => agencies.ensureAgencyExists(ctx, id),
  });
};
