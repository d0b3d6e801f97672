import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * The audit log (docs/decisions.md, "Audit log"): one row per sign-in, role change, export and the
 * like, written in the transaction of what it records. The actor is kept by id and, so that an
 * entry still reads right after a rename, by name and e-mail as they were.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('audit_entries'))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    /** No foreign key: an entry outlives anything it names, and nothing may cascade into the log. */
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(200)')
    .addColumn('actor_email', 'varchar(320)')
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(30)')
    .addColumn('target_id', 'integer')
    /** A small JSON object: what changed, how many rows, which list. */
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();
  // Newest first, and the retention sweep's range: both read `at`.
  await db.schema.createIndex('audit_entries_at').on('audit_entries').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_entries_action').on('audit_entries').columns(['action', 'at']).execute();
  await db.schema
    .createIndex('audit_entries_actor')
    .on('audit_entries')
    .columns(['actor_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_entries_target')
    .on('audit_entries')
    .columns(['target_type', 'target_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
