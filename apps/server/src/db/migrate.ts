import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
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

/** The migrations this database has run, oldest first; none when it was never migrated. */
async function executedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * A database migrated by a newer release has migrations this code does not know: running on it
 * would misread its tables, so the server refuses, saying which versions are involved.
 */
export async function refuseNewerDatabase(db: Db): Promise<void> {
  const known = Object.keys(migrations).sort();
  const unknown = (await executedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length === 0) return;
  throw new Error(
    `This database was last updated by a newer version of the CRM (database version ${unknown.at(-1)}) ` +
      `than the one starting now (code version ${known.at(-1)}). Start the newer version, or restore a ` +
      'backup made with this one.',
  );
}

export async function migrateToLatest(db: Db): Promise<void> {
  await refuseNewerDatabase(db);
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
