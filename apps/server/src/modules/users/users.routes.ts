import { createUserSchema, updateProfileSchema, updateUserSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import { editBody, expectedVersion, withETag } from '../versions/versions.service.js';
import { userResponse, userSummaryResponse } from './users.schemas.js';
import * as users from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'List users: full records for admins, id and name for everyone else',
        querystring: listQuerystring,
        response: { 200: z.array(z.union([userResponse, userSummaryResponse])), ...errors },
      },
    },
    async (request, reply) => {
      return replyWithPage(reply, await users.listUsersFor(ctx, caller(request), request.query));
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: idParams, response: { 200: userResponse, ...errors } } },
    async (request, reply) => withETag(reply, await users.getUser(ctx, caller(request), request.params.id)),
  );

  app.post(
    '/users',
    {
      preHandler: requireAdmin,
      schema: { tags: ['users'], body: createUserSchema, response: { 201: userResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await users.createUserFor(ctx, caller(request), request.body)),
  );

  app.put(
    '/users/update-user/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        params: idParams,
        body: editBody(updateUserSchema),
        response: { 200: userResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await users.updateUserByAdmin(ctx, caller(request), request.params.id, {
          ...request.body,
          version: expectedVersion(request, request.body.version),
        }),
      ),
  );

  for (const action of ['activate', 'deactivate'] as const) {
    app.put(
      `/users/:id/${action}`,
      {
        preHandler: requireAdmin,
        schema: { tags: ['users'], params: idParams, response: { 200: userResponse, ...errors } },
      },
      async (request) => users.setUserActive(ctx, caller(request), request.params.id, action === 'activate'),
    );
  }

  app.put(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit the signed-in user’s display name and e-mail',
        body: updateProfileSchema,
        response: { 200: z.object({ user: userResponse }), ...errors },
      },
    },
    async (request) => ({ user: await users.updateProfile(ctx, caller(request), request.body) }),
  );
};
