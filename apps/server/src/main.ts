import { buildApp } from './app.js';
import { bootstrapFirstAdmin } from './bootstrap-admin.js';
import { loadConfig, loadDotEnv } from './config.js';
import { createDatabase, sqlitePath } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const db = createDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await bootstrapFirstAdmin(db, config, app.log);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: config.databaseUrl ? 'postgres' : sqlitePath(config.dataDir), variant: config.variant },
    `CRM ready on http://localhost:${config.port}`,
  );

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
