import { WEBHOOK_EVENT_KINDS } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';
import * as webhooks from './webhooks.service.js';

const webhook = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  isActive: z.boolean(),
  disabledReason: z.string().nullable(),
  failingEvents: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const delivery = z.object({
  id: z.number(),
  eventId: z.number(),
  event: z.string(),
  record: z.object({ kind: z.string(), id: z.number() }),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
const createBody = z.object({
  url: z.string({ error: 'Enter a valid https:// URL' }).max(2000, { error: 'Enter a valid https:// URL' }),
  events: z.array(z.string().max(40)).max(50),
});
const updateBody = z.object({
  isActive: z.boolean().optional(),
  events: z.array(z.string().max(40)).max(50).optional(),
});
const deliveryParams = idParams.extend({ deliveryId: idParams.shape.id });

/** Webhooks, an admin's: every route answers 403 to anyone else (the service checks). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['webhooks'];

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'The webhook endpoints (admins)',
        response: { 200: z.array(webhook), ...errors },
      },
    },
    async (request) => webhooks.listWebhooks(ctx, caller(request)),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Registers an endpoint; its signing secret is in this answer only',
        body: createBody,
        response: { 201: webhook.extend({ secret: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.createWebhook(ctx, caller(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Turns an endpoint on or off, or changes its events',
        params: idParams,
        body: updateBody,
        response: { 200: webhook, ...errors },
      },
    },
    async (request) => webhooks.updateWebhook(ctx, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.deleteWebhook(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's latest 100 deliveries, newest first",
        params: idParams,
        response: { 200: z.array(delivery), ...errors },
      },
    },
    async (request) => webhooks.webhookDeliveries(ctx, caller(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Sends a delivered or failed event again, as a new delivery',
        params: deliveryParams,
        response: { 202: z.object({ id: z.number() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await webhooks.redeliver(ctx, caller(request), request.params.id, request.params.deliveryId)),
  );
};
