import type { Kysely } from 'kysely';

/** The records people edit from a dialog; each carries a version (see the versions decision). */
export const VERSIONED_TABLES = ['contacts', 'agencies', 'products', 'users', 'product_categories'] as const;

/**
 * Every editable record carries a version, incremented by every update in the same statement, the
 * version at which each field last changed (JSON, so that an edit of other fields made since the
 * writer opened the record is not a conflict) and who made the last change (the 409 names them).
 * Expired sessions are deleted by time, so they get an index on it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable(table).addColumn('updated_by_id', 'integer').execute();
  }
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').execute();
  for (const table of VERSIONED_TABLES) {
    for (const column of ['updated_by_id', 'field_versions', 'version']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
