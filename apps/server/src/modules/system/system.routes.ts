import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Variant } from '../../config.js';
import type { AppContext } from '../../context.js';
import { errorResponse } from '../../lib/schemas.js';
import { installationCurrency } from '../deals/deal-reads.js';

/** Deployment variants switch two contact fields (specification 002, Deployment variants). */
export const VARIANT_FEATURES: Record<Variant, { serviceCategory: boolean; roomNumber: boolean }> = {
  alfam: { serviceCategory: false, roomNumber: true },
  dcs: { serviceCategory: true, roomNumber: false },
  sg: { serviceCategory: false, roomNumber: false },
};

const LIVE_UPDATES_DOWN = 'Live updates unavailable';

/** A check that does not answer within this is a failed one: a probe must answer. */
const CHECK_TIMEOUT_MS = 3000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function readinessProblem(ctx: AppContext): Promise<{ message: string; cause: unknown } | undefined> {
  try {
    await withinTimeout(sql`select 1`.execute(ctx.db));
  } catch (cause) {
    return { message: 'Database unreachable', cause };
  }
  try {
    await withinTimeout(ctx.files.check());
  } catch (cause) {
    return { message: 'File store unreachable', cause };
  }
  // PostgreSQL: the LISTEN connection that brings other processes' events is down (it retries).
  if (!ctx.events.receiving) {
    return { message: LIVE_UPDATES_DOWN, cause: new Error('the live-update listener is not connected') };
  }
  return undefined;
}

/** Public: load balancers and orchestrators ask without a session. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const probe = {
    tags: ['system'],
    response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponse },
  };

  // Liveness: the process answers. Restarting it would not help with anything else.
  app.get('/health/live', { schema: probe }, async () => ({ status: 'ok' as const }));

  // Readiness: the database and the file store answer, and live updates arrive; a load balancer
  // sends no traffic until then.
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = await readinessProblem(ctx);
    if (!problem) return { status: 'ok' as const };
    request.log.error({ err: problem.cause }, `readiness: ${problem.message}`);
    return reply.code(503).send({ error: problem.message });
  };
  app.get('/health/ready', { schema: probe }, ready);
  app.get('/health', { schema: probe }, ready);
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
            /** Whether the daily task digest is sent (SMTP is set up), so the profile offers it. */
            emailDigest: z.boolean(),
            /** Whose numbers a phone without a calling code is, as imports read it (ISO 3166 code). */
            defaultCountry: z.string(),
            /** The installation's one currency for deals (ISO 4217), so every screen writes money alike. */
            currency: z.string(),
          }),
        },
      },
    },
    async () => ({
      variant: ctx.config.variant,
      features: VARIANT_FEATURES[ctx.config.variant],
      emailDigest: ctx.config.digest !== undefined,
      defaultCountry: ctx.config.defaultCountry,
      currency: await installationCurrency(ctx.db),
    }),
  );
};
