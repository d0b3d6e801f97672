import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-users-and-sessions.js';
import * as m0002 from './migrations/0002-contacts.js';
import * as m0003 from './migrations/0003-agencies.js';
import * as m0004 from './migrations/0004-products.js';
import * as m0005 from './migrations/0005-contact-counts.js';
import * as m0006 from './migrations/0006-versions.js';

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-contacts': m0002,
  '0003-agencies': m0003,
  '0004-products': m0004,
  '0005-contact-counts': m0005,
  '0006-versions': m0006,
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
