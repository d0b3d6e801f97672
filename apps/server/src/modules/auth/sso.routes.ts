import { PASSWORD_SIGN_IN, SSO_UNKNOWN_PEOPLE, ssoSettingsSchema } from '@crm/domain';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../lib/caller.js';
import { errorResponse, errors } from '../../lib/schemas.js';
import { toUser } from '../users/user-mapper.js';
import { userResponse } from '../users/users.schemas.js';
import { finishSsoSignIn, redeemHandoff, SsoFailed, startSsoSignIn } from './sso.service.js';
import { ssoLoginOptions } from './sso-settings.js';
import { getSsoSettings, saveSsoSettings } from './sso-settings-admin.js';

const STATE_COOKIE = 'crm_sso_state';
const COOKIE_PATH = '/api/auth/sso';

/** Where the provider sends the browser back: this server, as the browser reached it. */
const callbackUrl = (request: FastifyRequest) =>
  new URL(`${COOKIE_PATH}/callback`, `${request.protocol}://${request.host}`).href;

function stateCookie(request: FastifyRequest, value: string, maxAge: number): string {
  return serializeCookie(STATE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge,
  });
}

/** A failure lands on the login page by its code only; the page words it (ssoFailureMessage). */
const loginWithFailure = (reason: string) => `/login?sso=${reason}`;

const settingsResponse = z.object({
  enabled: z.boolean(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  unknownPeople: z.enum(SSO_UNKNOWN_PEOPLE),
  passwordSignIn: z.enum(PASSWORD_SIGN_IN),
  redirectUri: z.string(),
});

/** Sign-in through the provider: before anyone is signed in. */
export const publicSsoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/auth/sso',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether single sign-on is on, the provider’s name, and who may use the password form',
        response: {
          200: z.object({
            enabled: z.boolean(),
            displayName: z.string(),
            passwordSignIn: z.enum(PASSWORD_SIGN_IN),
          }),
        },
      },
    },
    async () => ssoLoginOptions(ctx.db),
  );

  app.get(
    '/auth/sso/start',
    { schema: { tags: ['auth'], summary: 'Send the browser to the provider (PKCE S256, state, nonce)' } },
    async (request, reply) => {
      try {
        const { url, state } = await startSsoSignIn(ctx, callbackUrl(request), request.log);
        reply.header('set-cookie', stateCookie(request, state, 600));
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof SsoFailed) return reply.redirect(loginWithFailure(error.reason), 302);
        throw error;
      }
    },
  );

  app.get(
    '/auth/sso/callback',
    {
      // The provider's parameters are read from the URL as it came (openid-client checks them).
      schema: { tags: ['auth'], summary: 'The provider’s answer; ends on the web app’s sign-in page' },
      // The query holds the provider's one-time code: not worth keeping in the request log.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const cookieState = parseCookies(request.headers.cookie ?? '')[STATE_COOKIE];
      reply.header('set-cookie', stateCookie(request, '', 0));
      const currentUrl = new URL(callbackUrl(request));
      currentUrl.search = new URL(request.url, 'http://x').search;
      try {
        const code = await finishSsoSignIn(ctx, currentUrl, cookieState, request.log);
        // In the fragment, which browsers never send: no server or proxy log sees it, and the page
        // trades it at once for the session, which so never appears in any address.
        return reply.redirect(`/login/sso#code=${code}`, 302);
      } catch (error) {
        if (error instanceof SsoFailed) return reply.redirect(loginWithFailure(error.reason), 302);
        throw error;
      }
    },
  );

  app.post(
    '/auth/sso/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the callback’s one-time code for a session',
        body: z.object({ code: z.string().min(1).max(200) }),
        response: { 200: z.object({ token: z.string(), user: userResponse }), ...errors, 429: errorResponse },
      },
    },
    async (request) => {
      const { token, user } = await redeemHandoff(ctx, request.body.code, request.ip);
      return { token, user: toUser(user) };
    },
  );
};

/** The provider's settings: admins only. */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/settings/sso',
    {
      preHandler: requireAdmin,
      schema: { tags: ['settings'], response: { 200: settingsResponse, ...errors } },
    },
    async (request) => getSsoSettings(ctx, callbackUrl(request)),
  );

  app.put(
    '/settings/sso',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'The OpenID Connect provider; the client secret is write-only (left out: kept)',
        body: ssoSettingsSchema,
        response: { 200: settingsResponse, ...errors },
      },
    },
    async (request) => saveSsoSettings(ctx, request.body, callbackUrl(request)),
  );
};
