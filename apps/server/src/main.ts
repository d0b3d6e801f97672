import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { bootstrapFirstAdmin } from './bootstrap-admin.js';
import { forkServerProcesses } from './cluster.js';
import { type Config, loadConfig, loadDotEnv } from './config.js';
import { createDatabase, type Db, sqlitePath } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveTokenSecret } from './modules/auth/token.js';
import { sweepStaleUploads } from './modules/files/storage/index.js';

/**
 * The main process prepares the database once (migrations, the token secret, the first admin), then
 * serves, alone when WORKERS=1 and otherwise through WORKERS processes that share the port. Each of
 * those runs this file again and only serves.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (cluster.isWorker) {
    await serve(config, createDatabase(config));
    // The main process is gone (killed, crashed): nobody hands out connections any more.
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    return;
  }

  const log = pino({ level: config.logLevel });
  const db = createDatabase(config);
  await migrateToLatest(db);
  await resolveTokenSecret(db, config.jwtSecret);
  await bootstrapFirstAdmin(db, config, log);
  await sweepStaleUploads(config, log);
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
  const processes = await forkServerProcesses({ count: config.workers, log });
  ready();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    void processes.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Builds the app on this process's own database connection, listens, and closes cleanly on a signal. */
async function serve(config: Config, db: Db): Promise<void> {
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await app.listen({ host: config.host, port: config.port });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
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
