import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { TokenSigner } from './modules/auth/token.js';
import type { EventBus } from './modules/events/event-bus.js';

/** What every service needs, built once in app.ts and handed to each module. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  /** Live-update events: publish after commit; the SSE streams subscribe. */
  events: EventBus;
}
