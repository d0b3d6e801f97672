import cluster from 'node:cluster';
import v8 from 'node:v8';
import { pino } from 'pino';
import { forkServerProcesses, retryDelays, type ServerProcesses } from './cluster.js';
import { type Config, loadConfig, loadDotEnv } from './config.js';
import { createDatabase, type Db, sqlitePath } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { withStartupLock } from './db/startup-lock.js';
import { resolveTokenSecret } from './modules/auth/token-secret.js';
import { bootstrapFirstAdmin } from './modules/users/first-admin.js';

/**
 * V8 lets the old generation grow up to fourfold past what survived the last full collection when
 * requests allocate fast: under load each server process then carried 100-190 MB of garbage. Half
 * again is the limit here: at 1,000,000 contacts a process peaked at 116 MB of anonymous memory
 * instead of 225, at the same requests per second (docs/benchmarks.md).
 */
v8.setFlagsFromString('--heap-growing-percent=50');

/**
 * The main process prepares the database once (migrations, the token secret, the first admin),
 * under a database lock so that several instances starting together take turns; then it serves,
 * alone when WORKERS=1 and otherwise through WORKERS processes that share the port. Each of those
 * runs this file again and only serves.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const db = createDatabase({
    ...config,
    onConnectionError: (error) =>
      log.warn({ err: error }, 'a database connection was lost; the pool replaces it'),
  });
  if (cluster.isWorker) {
    await serve(config, db);
    // The main process is gone (killed, crashed): nobody hands out connections any more.
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    return;
  }

  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    await resolveTokenSecret(db, config.jwtSecret);
    await bootstrapFirstAdmin(db, config, log);
  });
  const ready = () =>
    log.info(
      {
        database: config.databaseUrl ? 'postgres' : sqlitePath(config.dataDir),
        variant: config.variant,
        processes: config.workers,
      },
      `CRM ready on http://localhost:${config.port}`,
    );

  if (config.workers === 1) {
    await serve(config, db);
    ready();
    return;
  }
  await db.destroy();
  let processes: ServerProcesses | undefined;
  let closing = false;
  const shutdown = (signal: string, code: number) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // Each server process keeps its own deadline; this one only catches a process that hangs.
    setTimeout(() => process.exit(code || 1), (config.shutdownTimeoutSeconds + 5) * 1000).unref();
    void (processes?.stop() ?? Promise.resolve()).then(() => process.exit(code));
  };
  processes = await forkServerProcesses({
    count: config.workers,
    log,
    retryDelays: retryDelays(config.workerRetrySeconds),
    onGiveUp: () => shutdown('server processes could not be replaced', 1),
  });
  ready();
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));
}

/**
 * Builds the app on this process's own database connection, listens, and on a signal finishes the
 * requests in flight within SHUTDOWN_TIMEOUT_SECONDS; whatever is still open then is closed.
 */
async function serve(config: Config, db: Db): Promise<void> {
  // Loaded here, not at the top: the main process of several only forks and never serves, and
  // the app's modules (routes, schemas, their libraries) would cost it 20 MB of heap.
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config, db });
  await app.listen({ host: config.host, port: config.port });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.warn(
        { seconds: config.shutdownTimeoutSeconds },
        'requests still open at the deadline; closing them',
      );
      app.server.closeAllConnections();
      void db.destroy().finally(() => process.exit(0));
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    try {
      await app.close();
      // After every onClose hook (they run last-registered first): the job runner hands its running
      // jobs back and the event bus unlistens through this connection while closing.
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
