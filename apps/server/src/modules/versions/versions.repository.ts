import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { prepared } from '../../db/prepared.js';

export type VersionedTable = 'contacts' | 'agencies' | 'products' | 'users' | 'product_categories' | 'deals';

export interface VersionState {
  version: number;
  fieldVersions: Record<string, number>;
  updatedAt: string;
  updatedBy: string | null;
}

/** Each table's version read, built once (every write of a record runs it). */
const versionLocks = new Map<VersionedTable, ReturnType<typeof buildVersionLock>>();

function buildVersionLock(table: VersionedTable) {
  return prepared((db: Db, id: number) => {
    const lock = engineOf(db) === 'postgres' ? sql` for update of t` : sql``;
    return sql<{
      version: number;
      field_versions: string;
      updated_at: string;
      updated_by: string | null;
    }>`select t.version, t.field_versions, t.updated_at, u.name as updated_by
       from ${sql.table(table)} t left join users u on u.id = t.updated_by_id
       where t.id = ${id}${lock}`;
  });
}

function versionLock(table: VersionedTable) {
  let read = versionLocks.get(table);
  if (!read) {
    read = buildVersionLock(table);
    versionLocks.set(table, read);
  }
  return read;
}

/**
 * Reads a record's version inside a writing transaction and holds the row until it commits:
 * `FOR UPDATE` on PostgreSQL; on SQLite every transaction already holds the write lock
 * (`begin immediate`). Old values read after this are the ones the update replaces.
 */
export async function lockVersion(
  trx: Db,
  table: VersionedTable,
  id: number,
): Promise<VersionState | undefined> {
  const [row] = await versionLock(table)(trx, id);
  if (!row) return undefined;
  return {
    version: row.version,
    fieldVersions: parseFieldVersions(row.field_versions),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

function parseFieldVersions(text: string): Record<string, number> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** `version = version + 1`: every update of a versioned record adds one in the same statement. */
export const nextVersion = sql<number>`version + 1`;
