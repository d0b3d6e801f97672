import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors } from '../../lib/schemas.js';
import { sessionGrants } from '../auth/auth.service.js';
import { StreamSessions } from './stream-sessions.js';

/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/**
 * One server-sent-events stream per browser tab. Each message is a JSON array of {kind, id} the
 * caller may hear of; the web app refetches what they name. A session that ends (logout, expiry,
 * deactivation, a new password) or a role that changes closes the stream within about a second
 * (stream-sessions.ts), on whichever instance holds it; the client reconnects with what it has.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sessions = new StreamSessions(
    (ids) => sessionGrants(ctx.db, ids),
    (error) => app.log.warn({ err: error }, 'could not check the live streams’ sessions'),
  );
  app.addHook('onClose', async () => sessions.stop());

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
      const { user, sessionId } = caller(request);
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
      const unwatch = sessions.watch({ sessionId, userId: user.id, role: user.role, end: () => raw.end() });
      const keepalive = setInterval(() => raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      const close = () => {
        clearInterval(keepalive);
        unwatch();
        unsubscribe();
      };
      raw.once('close', close);
      request.raw.once('close', () => raw.end());
      // The client may have gone while the subscription started: its close has been and gone.
      if (raw.destroyed) close();
    },
  );
};
