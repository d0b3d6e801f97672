import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Variant } from '../../config.js';
import type { AppContext } from '../../context.js';
import { errorResponse } from '../../lib/schemas.js';

/** Deployment variants switch two contact fields (specification 002, Deployment variants). */
export const VARIANT_FEATURES: Record<Variant, { serviceCategory: boolean; roomNumber: boolean }> = {
  alfam: { serviceCategory: false, roomNumber: true },
  dcs: { serviceCategory: true, roomNumber: false },
  sg: { serviceCategory: false, roomNumber: false },
};

/** Public: a load balancer asks it without a session. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ error: 'Database unreachable' });
      }
    },
  );
};

/** Signed-in only, like everything but the login screen. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            variant: z.enum(['alfam', 'dcs', 'sg']),
            features: z.object({ serviceCategory: z.boolean(), roomNumber: z.boolean() }),
          }),
        },
      },
    },
    async () => ({ variant: ctx.config.variant, features: VARIANT_FEATURES[ctx.config.variant] }),
  );
};
