import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import { registerJobHandlers } from './job-handlers.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { TokenSigner } from './lib/token-signer.js';
import { agenciesRoutes } from './modules/agencies/agencies.routes.js';
import { agencyStaffRoutes } from './modules/agency-staff/agency-staff.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes, publicAuthRoutes } from './modules/auth/auth.routes.js';
import { authenticationHook } from './modules/auth/auth-hook.js';
import { resolveTokenSecret } from './modules/auth/token-secret.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { dealReportsRoutes } from './modules/deals/deal-reports.routes.js';
import { dealStagesRoutes } from './modules/deals/deal-stages.routes.js';
import { dealsRoutes } from './modules/deals/deals.routes.js';
import { createEventBus } from './modules/events/create-event-bus.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { downloadRoutes } from './modules/files/download.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { JobRunner } from './modules/jobs/job-runner.js';
import { searchRateHook } from './modules/limits/search-rate.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { mergeRoutes } from './modules/merge/merge.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { productCategoriesRoutes } from './modules/product-categories/product-categories.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { Hooks } from './modules/records/topics.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createFileStore, type FileStore } from './modules/storage/index.js';
import { healthRoutes, systemRoutes } from './modules/system/system.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { viewsRoutes } from './modules/views/views.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerApiCompression } from './plugins/compression.js';
import { registerApiDocs } from './plugins/docs.js';
import { clientErrorMessage, registerErrorHandler } from './plugins/error-handler.js';
import { refuseNulCharacters } from './plugins/input-guards.js';
import { loggerOptions } from './plugins/logging.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerRequestIdHeader, requestIdOf } from './plugins/request-id.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { isAppRoute, registerWebApp, webDistDir } from './plugins/web-app.js';
import { subscribeTopics, subscribeWebhooks } from './wiring.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** The file store; by default the one the configuration names, closed with the app. */
  files?: FileStore;
  /** Serve the built web app too (off in API tests). */
  serveWeb?: boolean;
  /** Where the log goes (standard output unless a test listens). */
  logStream?: DestinationStream;
}

/** Builds the whole application without listening, so tests can drive it with inject(). */
export async function buildApp({
  config,
  db,
  files,
  serveWeb = true,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // A hop count trusts that many proxies in front of the server (Fastify's number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Errors raised before a route is found (a bad percent-encoding, an over-long id) and bytes that
    // are not HTTP at all get the same `{ error }` body as everything else, echoing nothing.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as unknown as FastifyReply).code(status).send({ error: clientErrorMessage(error.code, status) });
    },
    clientErrorHandler: (_error, socket) => {
      const body = JSON.stringify({ error: 'Bad request' });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      } else socket.destroy();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', undefined);
  registerErrorHandler(app);
  registerRequestIdHeader(app);

  const ctx: AppContext = {
    db,
    config,
    tokens: new TokenSigner(await resolveTokenSecret(db, config.jwtSecret)),
    jobs: new JobRunner(db, {
      pollMs: config.jobsPollMs,
      onError: (error, job) => app.log.error({ err: error, jobId: job?.id, kind: job?.kind }, 'job failed'),
    }),
    files: files ?? createFileStore(config),
    events: createEventBus(config, db, (error) => app.log.error({ err: error }, 'live-update events failed')),
    hooks: new Hooks(),
  };
  subscribeTopics(ctx.hooks);
  subscribeWebhooks(ctx);
  // onClose hooks run last-registered first: the runner stops and hands its running jobs back
  // before the store and the mailer that jobs use close.
  if (!files) app.addHook('onClose', () => ctx.files.close());
  const jobHandlers = registerJobHandlers(ctx, app.log);
  app.addHook('onClose', async () => jobHandlers.close());
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', async () => ctx.jobs.stop());
  // Open streams would keep the server from closing; they end first and the browser reconnects.
  app.addHook('preClose', async () => ctx.events.endStreams());
  // Before the database closes (main.ts destroys it once app.close() has run every onClose hook).
  app.addHook('onClose', async () => ctx.events.close());
  registerMetrics(app, ctx);

  await registerSecurityHeaders(app);
  refuseNulCharacters(app);
  await registerApiDocs(app, authenticationHook(ctx));
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(downloadRoutes, { ctx });

  await app.register(
    async (api) => {
      if (config.apiCompression) await registerApiCompression(api);
      // Answers carry people's records (and the login its token): no cache may keep them.
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      await api.register(healthRoutes, { ctx });
      await api.register(publicAuthRoutes, { ctx });
      await api.register(calendarRoutes, { ctx });
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticationHook(ctx));
        // A person's searches and palette lookups are rate-limited (modules/limits/search-rate.ts).
        secured.addHook('preHandler', searchRateHook(config));
        await secured.register(systemRoutes, { ctx });
        await secured.register(authRoutes, { ctx });
        await secured.register(usersRoutes, { ctx });
        await secured.register(dashboardRoutes, { ctx });
        await secured.register(contactsRoutes, { ctx });
        await secured.register(agenciesRoutes, { ctx });
        await secured.register(agencyStaffRoutes, { ctx });
        await secured.register(productCategoriesRoutes, { ctx });
        await secured.register(productsRoutes, { ctx });
        await secured.register(dealStagesRoutes, { ctx });
        await secured.register(dealsRoutes, { ctx });
        await secured.register(dealReportsRoutes, { ctx });
        await secured.register(exportsRoutes, { ctx });
        await secured.register(bulkRoutes, { ctx });
        await secured.register(importsRoutes, { ctx });
        await secured.register(searchRoutes, { ctx });
        await secured.register(viewsRoutes, { ctx });
        await secured.register(liveRoutes, { ctx });
        await secured.register(tasksRoutes, { ctx });
        await secured.register(notificationsRoutes, { ctx });
        await secured.register(mergeRoutes, { ctx });
        await secured.register(webhooksRoutes, { ctx });
        await secured.register(auditRoutes, { ctx });
      });
    },
    { prefix: '/api' },
  );

  const webServed = serveWeb && (await registerWebApp(app, webDistDir(config.webDistDir)));
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    if (webServed && request.method === 'GET' && isAppRoute(pathOnly)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${pathOnly}` });
  });
  return app;
}
