import {
  challengeBodySchema,
  confirmSetupChallengeSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  secondFactorLoginSchema,
  TWO_FACTOR_POLICIES,
  twoFactorPolicySchema,
  userMessages,
} from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { notFound } from '../../lib/http-errors.js';
import { errorResponse, errors, idParams } from '../../lib/schemas.js';
import { toUser } from '../users/user-mapper.js';
import { findUserById } from '../users/user-reads.js';
import { userResponse } from '../users/users.schemas.js';
import {
  confirmSetup,
  resetSecondFactor,
  setTwoFactorPolicy,
  startSetup,
  twoFactorPolicy,
  twoFactorStatus,
} from './two-factor.service.js';
import { disableOwnFactor } from './two-factor-disable.js';
import { completeSignIn, confirmAtSignIn, setupAtSignIn } from './two-factor-login.js';

const setupResponse = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
const statusResponse = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
const policyResponse = z.object({ required: z.enum(TWO_FACTOR_POLICIES) });
const throttled = { ...errors, 429: errorResponse };

/** The sign-in's second step, before there is a session: each call carries the login's challenge. */
export const publicTwoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/login/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with a current code or a recovery code',
        body: secondFactorLoginSchema,
        response: { 200: z.object({ token: z.string(), user: userResponse }), ...throttled },
      },
    },
    async (request) => {
      const { token, user } = await completeSignIn(ctx, request.body, request.ip);
      return { token, user: toUser(user) };
    },
  );

  app.post(
    '/auth/login/second-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start setting up a required second factor during sign-in',
        body: challengeBodySchema,
        response: { 200: setupResponse, ...errors },
      },
    },
    async (request) => setupAtSignIn(ctx, request.body.challenge),
  );

  app.post(
    '/auth/login/second-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the new second factor with a current code; answers the session and recovery codes',
        body: confirmSetupChallengeSchema,
        response: {
          200: z.object({ token: z.string(), user: userResponse, recoveryCodes: z.array(z.string()) }),
          ...throttled,
        },
      },
    },
    async (request) => {
      const { token, user, recoveryCodes } = await confirmAtSignIn(ctx, request.body, request.ip);
      return { token, user: toUser(user), recoveryCodes };
    },
  );
};

async function self(ctx: AppContext, id: number) {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(userMessages.userNotFound);
  return user;
}

/** One's own second factor from the profile; the policy and resets for admins. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/auth/two-factor',
    { schema: { tags: ['auth'], response: { 200: statusResponse, ...errors } } },
    async (request) => twoFactorStatus(ctx, await self(ctx, caller(request).user.id)),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new pending secret: the otpauth URI, a QR image and the secret to type',
        response: { 200: setupResponse, ...errors },
      },
    },
    async (request) => startSetup(ctx, await self(ctx, caller(request).user.id)),
  );

  app.post(
    '/auth/two-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn the pending secret on with a current code; answers the recovery codes once',
        body: confirmTwoFactorSchema,
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }), ...throttled },
      },
    },
    async (request) =>
      confirmSetup(ctx, await self(ctx, caller(request).user.id), request.body.code, request.ip),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn it off, with a current code or the password',
        body: disableTwoFactorSchema,
        response: { 200: statusResponse, ...throttled },
      },
    },
    async (request) => disableOwnFactor(ctx, caller(request), request.body, request.ip),
  );

  app.get(
    '/settings/two-factor',
    {
      preHandler: requireAdmin,
      schema: { tags: ['settings'], response: { 200: policyResponse, ...errors } },
    },
    async () => ({ required: await twoFactorPolicy(ctx.db) }),
  );

  app.put(
    '/settings/two-factor',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Who must use two-factor sign-in: off, admins or everyone',
        body: twoFactorPolicySchema,
        response: { 200: policyResponse, ...errors },
      },
    },
    async (request) => setTwoFactorPolicy(ctx, caller(request), request.body.required),
  );

  app.get(
    '/users/:id/two-factor',
    {
      preHandler: requireAdmin,
      schema: { tags: ['users'], params: idParams, response: { 200: statusResponse, ...errors } },
    },
    async (request) => twoFactorStatus(ctx, await self(ctx, request.params.id)),
  );

  app.post(
    '/users/:id/two-factor/reset',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Turn a user’s second factor off (a lost phone); ends their sessions',
        params: idParams,
        response: { 200: statusResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await resetSecondFactor(ctx, caller(request), id);
      return twoFactorStatus(ctx, await self(ctx, id));
    },
  );
};
