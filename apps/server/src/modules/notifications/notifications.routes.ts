import {
  ID_MAX,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferenceKey,
  notificationPreferencesSchema,
  TOTAL_COUNT_HEADER,
} from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors } from '../../lib/schemas.js';
import * as notifications from './notifications.service.js';

const notificationResponse = z.object({
  id: z.number(),
  kind: z.string(),
  text: z.string(),
  actor: z.object({ name: z.string() }).nullable(),
  taskId: z.number().nullable(),
  record: z
    .object({ kind: z.enum(['contact', 'agency', 'deal']), id: z.number(), path: z.string() })
    .nullable(),
  path: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
const preferencesResponse = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean()])) as Record<
    NotificationPreferenceKey,
    z.ZodBoolean
  >,
);

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first; unread=true for the unread ones only",
        querystring: z.object({
          unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
          limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
          offset: z.coerce
            .number({ error: 'offset must be a number' })
            .int()
            .min(0)
            .max(1_000_000)
            .default(0),
        }),
        response: { 200: compiledResponse(z.array(notificationResponse)), ...errors },
      },
    },
    async (request, reply) => {
      const { unread, limit, offset } = request.query;
      const { items, total } = await notifications.notificationsOf(ctx, caller(request), {
        unreadOnly: unread === 'true',
        limit,
        offset,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/notifications/unread-count',
    { schema: { tags, response: { 200: z.object({ count: z.number() }), ...errors } } },
    async (request) => ({ count: await notifications.unreadCount(ctx, caller(request)) }),
  );

  app.put(
    '/notifications/read-all',
    { schema: { tags, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await notifications.readAllNotifications(ctx, caller(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        params: z.object({
          id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(ID_MAX),
        }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await notifications.readNotification(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications/preferences',
    { schema: { tags, response: { 200: preferencesResponse, ...errors } } },
    async (request) => notifications.preferencesOf(ctx, caller(request)),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turn kinds on (true) or off (false); kinds left out keep their setting',
        body: notificationPreferencesSchema,
        response: { 200: preferencesResponse, ...errors },
      },
    },
    async (request) => notifications.updatePreferences(ctx, caller(request), request.body),
  );
};
