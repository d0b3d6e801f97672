import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors } from '../../lib/schemas.js';
import { authenticate } from '../auth/auth.service.js';

/** A comment line every so often keeps proxies from closing an idle stream and rechecks the session. */
const KEEPALIVE_MS = 25_000;

/**
 * One server-sent-events stream per browser tab. Each message is a JSON array of {kind, id} the
 * caller may hear of; the web app refetches what they name. A session that ends (logout, expiry,
 * deactivation) or a role that changes closes the stream at the next keep-alive, and the client
 * reconnects with what it has.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'text/event-stream: each message is a JSON array of {kind, id, record?} (kinds: contact, agency, product, category, user, task, notification)',
        response: errors,
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const authorization = request.headers.authorization;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      const deliver = (json: string) => {
        raw.write(`data: ${json}\n\n`);
      };
      const unsubscribe = await ctx.events.subscribe({
        userId: user.id,
        role: user.role,
        deliver,
        end: () => raw.end(),
      });
      const keepalive = setInterval(() => {
        authenticate(ctx, authorization).then(
          (current) => {
            if (current.user.role !== user.role) raw.end();
            else raw.write(': keep-alive\n\n');
          },
          () => raw.end(),
        );
      }, KEEPALIVE_MS);
      keepalive.unref();
      const close = () => {
        clearInterval(keepalive);
        unsubscribe();
      };
      raw.once('close', close);
      request.raw.once('close', () => raw.end());
    },
  );
};
