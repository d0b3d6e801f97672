import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { TokenSigner } from './lib/token-signer.js';
import type { EventBus } from './modules/events/event-bus.js';
import type { JobRunner } from './modules/jobs/job-runner.js';
import type { Hooks } from './modules/records/topics.js';
import type { WriteScope } from './modules/records/write-scope.js';
import type { FileStore } from './modules/storage/index.js';

/** What every service needs, built once in app.ts and handed to each module. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  /** Runs queued jobs in this process; features register their handlers on it. */
  jobs: JobRunner;
  /** Uploaded files: DATA_DIR/uploads or an S3 bucket (FILE_STORAGE). */
  files: FileStore;
  /** Live-update events: writes publish after commit; the SSE streams subscribe. */
  events: EventBus;
  /** What one module's write tells the modules that keep a copy of it, in the same transaction. */
  hooks: Hooks<WriteScope>;
}
