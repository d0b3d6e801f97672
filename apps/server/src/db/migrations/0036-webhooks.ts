import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * Webhooks (docs/decisions.md, "Webhooks"): the endpoints admins register, the events captured in
 * the write's own transaction (so an event is kept exactly when its change is), one delivery per
 * event and endpoint, and each attempt of it with its answer and time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    /** The event kinds it hears, as a JSON array. */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    /** Events in a row that failed for good; a success sets it back to 0. */
    .addColumn('failing_events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_reason', 'varchar(300)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await idColumn(db, db.schema.createTable('webhook_events'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('record_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    /** The JSON body sent: the record after the change and the fields changed. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await idColumn(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    /** `contact:12`: deliveries of one record to one endpoint go out in order. */
    .addColumn('record_key', 'varchar(40)', (c) => c.notNull())
    /** pending, delivered or failed. */
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(300)')
    .addColumn('last_attempt_at', 'varchar(30)')
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'record_key', 'state', 'id'])
    .execute();
  await idColumn(db, db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('status', 'integer')
    .addColumn('error', 'varchar(300)')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .column('delivery_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints'])
    await db.schema.dropTable(table).execute();
}
