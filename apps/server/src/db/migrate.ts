import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-users-and-sessions.js';
import * as m0002 from './migrations/0002-contacts.js';
import * as m0003 from './migrations/0003-agencies.js';
import * as m0004 from './migrations/0004-products.js';
import * as m0005 from './migrations/0005-contact-counts.js';
import * as m0007 from './migrations/0007-jobs.js';
import * as m0007b from './migrations/0007b-imports-exports.js';
import * as m0008 from './migrations/0008-list-indexes.js';
import * as m0009 from './migrations/0009-search-views-merge.js';

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-contacts': m0002,
  '0003-agencies': m0003,
  '0004-products': m0004,
  '0005-contact-counts': m0005,
  '0007-jobs': m0007,
  '0007b-imports-exports': m0007b,
  '0008-list-indexes': m0008,
  '0009-search-views-merge': m0009,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
