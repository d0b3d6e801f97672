import { changePasswordSchema, loginSchema, userMessages } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { notFound } from '../../lib/http-errors.js';
import { errorResponse, errors } from '../../lib/schemas.js';
import { toUser } from '../users/user-mapper.js';
import { findUserById } from '../users/user-reads.js';
import { userResponse } from '../users/users.schemas.js';
import { login, logout } from './auth.service.js';
import { changePassword } from './password-change.js';
import { publicSsoRoutes, ssoSettingsRoutes } from './sso.routes.js';
import { publicTwoFactorRoutes, twoFactorRoutes } from './two-factor.routes.js';

export const publicAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: {
          200: z.union([
            z.object({ token: z.string(), user: userResponse }),
            // A second step is still needed: a code, or setting a factor up (two-factor.routes.ts).
            z.object({ secondFactor: z.enum(['required', 'setup']), challenge: z.string() }),
          ]),
          ...errors,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const outcome = await login(ctx, request.body, request.ip);
      if ('secondFactor' in outcome) return outcome;
      return { token: outcome.token, user: toUser(outcome.user) };
    },
  );

  await app.register(publicTwoFactorRoutes, { ctx });
  await app.register(publicSsoRoutes, { ctx });
};

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(twoFactorRoutes, { ctx });
  await app.register(ssoSettingsRoutes, { ctx });

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null(), 401: errorResponse } } },
    async (request, reply) => {
      await logout(ctx, caller(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: userResponse, 401: errorResponse } } },
    async (request) => {
      const user = await findUserById(ctx.db, caller(request).user.id);
      if (!user) throw notFound(userMessages.userNotFound);
      return toUser(user);
    },
  );

  app.put(
    '/users/change-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in user’s password; ends every session and answers a fresh token',
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string(), token: z.string() }), ...errors },
      },
    },
    async (request) => changePassword(ctx, caller(request), request.body, request.ip),
  );
};
