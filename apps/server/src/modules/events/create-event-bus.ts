import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { EventBus } from './event-bus.js';
import { PostgresTransport } from './postgres-transport.js';
import { SqliteTransport } from './sqlite-transport.js';

/** The process's one event bus, over the engine's own way between processes. */
export function createEventBus(config: Config, db: Db, onError: (error: unknown) => void): EventBus {
  const transport = config.databaseUrl
    ? new PostgresTransport(db, config.databaseUrl, onError)
    : new SqliteTransport(db, onError);
  return new EventBus(transport, onError);
}
