import { dealStageOrderSchema, dealStageSchema, lostReasonSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';
import * as stages from './deal-stages.service.js';
import { dealStageResponse } from './deals.routes.js';

const lostReasonResponse = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  isActive: z.boolean(),
});

/** Everyone reads the stages and reasons (the board, the Lost dialog); only admins change them. */
export const dealStagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['deals'];

  app.get(
    '/deal-stages',
    {
      schema: {
        tags,
        summary: "Every stage, active or not, in the board's order",
        response: { 200: z.array(dealStageResponse), ...errors },
      },
    },
    async () => stages.stagesList(ctx),
  );

  app.post(
    '/deal-stages',
    {
      preHandler: requireAdmin,
      schema: { tags, body: dealStageSchema, response: { 201: dealStageResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await stages.createStage(ctx, caller(request), request.body)),
  );

  app.put(
    '/deal-stages/order',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "The board's order: every stage's id once",
        body: dealStageOrderSchema,
        response: { 200: z.array(dealStageResponse), ...errors },
      },
    },
    async (request) => stages.reorderStages(ctx, caller(request), request.body.ids),
  );

  app.put(
    '/deal-stages/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: idParams,
        body: dealStageSchema,
        response: { 200: dealStageResponse, ...errors },
      },
    },
    async (request) => stages.editStage(ctx, caller(request), request.params.id, request.body),
  );

  app.get(
    '/deal-lost-reasons',
    { schema: { tags, response: { 200: z.array(lostReasonResponse), ...errors } } },
    async () => stages.lostReasonsList(ctx),
  );

  app.post(
    '/deal-lost-reasons',
    {
      preHandler: requireAdmin,
      schema: { tags, body: lostReasonSchema, response: { 201: lostReasonResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await stages.createLostReason(ctx, caller(request), request.body)),
  );

  app.put(
    '/deal-lost-reasons/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: idParams,
        body: lostReasonSchema,
        response: { 200: lostReasonResponse, ...errors },
      },
    },
    async (request) => stages.editLostReason(ctx, caller(request), request.params.id, request.body),
  );
};
