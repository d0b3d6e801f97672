import { categoryCreateSchema, categoryPatchSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';

import { expectedVersion, versionSchema, withETag } from '../versions/versions.service.js';
import * as categories from './product-categories.service.js';

// Every category, in the tree too, carries its version (the detail also as its ETag), so that the
// category screen can send back the version it shows. The tree has two levels (groups and their subcategories), so the schema is written out, not recursive.
const categoryBase = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  isActive: z.boolean(),
  version: z.number(),
});
const categoryResponse = categoryBase.extend({
  children: z.array(categoryBase.extend({ children: z.array(z.never()) })),
});

export const productCategoriesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['product-categories'];

  app.get(
    '/product-categories',
    { schema: { tags, response: { 200: z.array(categoryResponse), ...errors } } },
    async () => categories.categoryTree(ctx),
  );

  app.get(
    '/product-categories/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ includeChildren: z.enum(['true', 'false']).optional() }),
        response: { 200: categoryResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await categories.getCategory(ctx, request.params.id, request.query.includeChildren !== 'false'),
      ),
  );

  app.post(
    '/product-categories',
    {
      preHandler: requireAdmin,
      schema: { tags, body: categoryCreateSchema, response: { 201: categoryResponse, ...errors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await categories.createCategoryFor(ctx, caller(request), request.body.name, request.body.parentId),
        ),
  );

  app.patch(
    '/product-categories/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: idParams,
        body: categoryPatchSchema.and(z.object({ version: versionSchema.optional() })),
        response: { 200: categoryResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await categories.patchCategory(ctx, caller(request), request.params.id, {
          ...request.body,
          version: expectedVersion(request, request.body.version),
        }),
      ),
  );

  app.delete(
    '/product-categories/:id',
    { preHandler: requireAdmin, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await categories.removeCategoryFor(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
