import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors } from '../../lib/schemas.js';
import { authenticationHook } from '../auth/auth-hook.js';
import * as calendar from './calendar.service.js';

const statusResponse = z.object({ enabled: z.boolean(), createdAt: z.string().nullable() });
const createdResponse = z.object({ enabled: z.literal(true), createdAt: z.string(), url: z.string() });
const feedParams = z.object({ file: z.string() });

/** The address links and feeds are built on: APP_URL when set, else the one the request came to. */
function appUrlOf(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.digest?.appUrl ?? `${request.protocol}://${request.host}`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * The task calendar feed: the feed itself needs no session (calendar programs cannot sign in; its
 * secret address is the credential), managing it does.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['calendar'];

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags,
        summary: "A person's open tasks with a due time as an iCalendar feed (/api/calendar/{secret}.ics)",
        params: feedParams,
      },
    },
    async (request, reply) => {
      const secret = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const { body, etag } = await calendar.feedCalendar(ctx, secret, appUrlOf(ctx, request));
      // Replaces the API's no-store: a calendar program may keep the feed, but asks again each time.
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );

  await app.register(async (secured) => {
    secured.addHook('onRequest', authenticationHook(ctx));

    secured.get(
      '/calendar-feed',
      {
        schema: {
          tags,
          summary: 'Whether the caller has a calendar feed (its address is shown only when made)',
          response: { 200: statusResponse, ...errors },
        },
      },
      async (request) => calendar.feedStatus(ctx, caller(request)),
    );

    secured.post(
      '/calendar-feed',
      {
        schema: {
          tags,
          summary: "Makes the caller's calendar feed, or a new address for it: the old address stops working",
          response: { 200: createdResponse, ...errors },
        },
      },
      async (request) => {
        const { secret, createdAt } = await calendar.makeFeed(ctx, caller(request));
        const url = `${appUrlOf(ctx, request)}/api/calendar/${secret}.ics`;
        return { enabled: true as const, createdAt, url };
      },
    );

    secured.delete(
      '/calendar-feed',
      {
        schema: {
          tags,
          summary: "Turns the caller's calendar feed off",
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await calendar.turnOffFeed(ctx, caller(request));
        return reply.code(204).send(null);
      },
    );
  });
};
