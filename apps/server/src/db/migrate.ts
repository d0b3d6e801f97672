import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-users-and-sessions.js';
import * as m0002 from './migrations/0002-contacts.js';
import * as m0003 from './migrations/0003-agencies.js';
import * as m0004 from './migrations/0004-products.js';
import * as m0005 from './migrations/0005-contact-counts.js';
import * as m0006 from './migrations/0006-versions.js';
import * as m0007 from './migrations/0007-jobs.js';
import * as m0007b from './migrations/0007b-imports-exports.js';
import * as m0007c from './migrations/0007c-import-preview-summary.js';
import * as m0008 from './migrations/0008-list-indexes.js';
import * as m0009 from './migrations/0009-search-views-merge.js';
import * as m0009b from './migrations/0009b-duplicate-groups.js';
import * as m0009c from './migrations/0009c-column-choices.js';
import * as m0010 from './migrations/0010-contact-stats.js';
import * as m0012 from './migrations/0012-tasks-and-notifications.js';
import * as m0012b from './migrations/0012b-task-digests.js';
import * as m0012c from './migrations/0012c-notification-imports.js';
import * as m0013 from './migrations/0013-contact-stats-rank.js';
import * as m0014 from './migrations/0014-users-search.js';
import * as m0015 from './migrations/0015-agency-totals-all-states.js';
import * as m0016 from './migrations/0016-contacts-by-user.js';
import * as m0017 from './migrations/0017-job-schedules.js';
import * as m0018 from './migrations/0018-search-fold.js';
import * as m0019 from './migrations/0019-fair-share.js';
import * as m0020 from './migrations/0020-import-phone-readings.js';
import * as m0021 from './migrations/0021-bulk-changes.js';
import * as m0023 from './migrations/0023-turkish-sort-keys.js';
import * as m0024 from './migrations/0024-conversion-history.js';
import * as m0025 from './migrations/0025-column-widths.js';
import * as m0026 from './migrations/0026-stored-name-folds.js';
import * as m0027 from './migrations/0027-deals.js';
import * as m0028 from './migrations/0028-deal-title-prefix.js';
import * as m0029 from './migrations/0029-deal-records.js';
import * as m0030 from './migrations/0030-deal-report-indexes.js';
import * as m0031 from './migrations/0031-deal-import-key.js';
import * as m0032 from './migrations/0032-notification-deals.js';
import * as m0033 from './migrations/0033-deal-stage-totals.js';
import * as m0034 from './migrations/0034-two-factor.js';
import * as m0035 from './migrations/0035-calendar-feeds.js';
import * as m0036 from './migrations/0036-webhooks.js';
import * as m0037 from './migrations/0037-single-sign-on.js';
import * as m0038 from './migrations/0038-audit-log.js';

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-contacts': m0002,
  '0003-agencies': m0003,
  '0004-products': m0004,
  '0005-contact-counts': m0005,
  '0007-jobs': m0007,
  '0007b-imports-exports': m0007b,
  '0007c-import-preview-summary': m0007c,
  '0008-list-indexes': m0008,
  '0009-search-views-merge': m0009,
  '0009b-duplicate-groups': m0009b,
  '0009c-column-choices': m0009c,
  '0010-contact-stats': m0010,
  '0012-tasks-and-notifications': m0012,
  '0012b-task-digests': m0012b,
  '0012c-notification-imports': m0012c,
  '0013-contact-stats-rank': m0013,
  '0014-users-search': m0014,
  '0015-agency-totals-all-states': m0015,
  '0016-contacts-by-user': m0016,
  '0017-job-schedules': m0017,
  '0018-search-fold': m0018,
  '0019-fair-share': m0019,
  '0020-import-phone-readings': m0020,
  '0021-bulk-changes': m0021,
  '0024-conversion-history': m0024,
  '0023-turkish-sort-keys': m0023,
  '0025-column-widths': m0025,
  '0026-stored-name-folds': m0026,
  '0027-deals': m0027,
  '0028-deal-title-prefix': m0028,
  '0029-deal-records': m0029,
  '0030-deal-report-indexes': m0030,
  '0031-deal-import-key': m0031,
  '0032-notification-deals': m0032,
  '0033-deal-stage-totals': m0033,
  '0034-two-factor': m0034,
  '0035-calendar-feeds': m0035,
  '0036-webhooks': m0036,
  '0037-single-sign-on': m0037,
  '0038-audit-log': m0038,
  '0006-versions': m0006,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The last migration this version of the code knows (the backup manifest records it). */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';

/** Every migration this version knows (numbers land in any order, so the last is not enough). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations).sort();

/**
 * Migrations only go forward: a database that a newer version has migrated is refused, rather than
 * served by code that does not know its tables.
 */
async function refuseNewerDatabase(db: Db): Promise<void> {
  const known = new Set(Object.keys(migrations));
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return;
  const rows = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  const unknown = (rows as { name: string }[]).map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `This database was upgraded by a newer version of the CRM (it has migration ${unknown.sort().at(-1)}, ` +
        `which this version does not know; this version ends at ${LATEST_MIGRATION}). ` +
        'Run that version or a newer one: migrations only go forward.',
    );
  }
}

/**
 * Runs the migrations up to and including `name`, in name order: a migration's test writes rows as
 * the versions before it did, then migrates to the latest.
 */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Migrating up to ${name} failed: ${String(error)}`);
}

export async function migrateToLatest(db: Db): Promise<void> {
  await refuseNewerDatabase(db);
  // Numbers are handed out per feature and land in any order (0009b after 0012 was run): each
  // migration runs once whatever its place, and each touches only its own tables and indexes.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
