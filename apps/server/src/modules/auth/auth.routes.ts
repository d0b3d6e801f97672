import { loginSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorResponse, errors } from '../../lib/schemas.js';
import { authenticationHook, caller } from '../../plugins/auth.js';
import { toUser } from '../users/user-mapper.js';
import { userResponse } from '../users/users.schemas.js';
import { login, logout } from './auth.service.js';

export const publicAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: z.object({ token: z.string(), user: userResponse }), ...errors, 429: errorResponse },
      },
    },
    async (request) => {
      const { token, user } = await login(ctx, request.body, request.ip);
      return { token, user: toUser(user) };
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null(), 401: errorResponse } } },
    async (request, reply) => {
      await logout(ctx, caller(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: userResponse, 401: errorResponse } } },
    async (request) => toUser(caller(request).user),
  );
};

export { authenticationHook };
