import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { idColumn } from '../migration-helpers.js';

/**
 * Tasks (follow-ups on a contact, an agency or nothing), the notifications users receive, the kinds
 * each user turned off, and the SQLite event log that carries live-update events between the
 * processes of one machine (PostgreSQL uses LISTEN/NOTIFY instead and never writes it).
 *
 * A task copies whether its record is active into `record_active`, kept by triggers on contacts and
 * agencies, so that My Tasks and its counts read one index instead of joining every row to its record.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await idColumn(db, db.schema.createTable('tasks'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_at', 'varchar(30)')
    .addColumn('priority', 'varchar(10)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('assignee_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('agency_id', 'integer', (c) => c.references('agencies.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('record_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('due_notified_at', 'varchar(30)')
    .addColumn('completed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint('tasks_at_most_one_record', sql`contact_id is null or agency_id is null`)
    .execute();
  // My Tasks: one user's open (or done) tasks by due time, and the counts of each group.
  await db.schema
    .createIndex('tasks_mine')
    .on('tasks')
    .columns(['assignee_id', 'state', 'due_at', 'record_active', 'id'])
    .execute();
  await db.schema
    .createIndex('tasks_done')
    .on('tasks')
    .columns(['assignee_id', 'state', 'completed_at'])
    .execute();
  await db.schema.createIndex('tasks_contact').on('tasks').columns(['contact_id', 'state']).execute();
  await db.schema.createIndex('tasks_agency').on('tasks').columns(['agency_id', 'state']).execute();
  await db.schema.createIndex('tasks_file').on('tasks').column('file_id').execute();
  // The due scheduler claims open tasks whose time has come and who were not yet told.
  await db.schema
    .createIndex('tasks_due_pending')
    .on('tasks')
    .columns(['due_at'])
    .where(sql.ref('due_notified_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('history')
    .addColumn('related_task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();

  await idColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('agency_id', 'integer', (c) => c.references('agencies.id').onDelete('cascade'))
    .addColumn('text', 'varchar(300)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .columns(['user_id', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('notification_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mutes_pk', ['user_id', 'kind'])
    .execute();

  if (engine === 'sqlite') {
    await idColumn(db, db.schema.createTable('event_log'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    for (const [table, column] of [
      ['contacts', 'contact_id'],
      ['agencies', 'agency_id'],
    ] as const) {
      await sql
        .raw(`CREATE TRIGGER tasks_${table}_active AFTER UPDATE OF is_active ON ${table}
          WHEN old.is_active IS NOT new.is_active
          BEGIN UPDATE tasks SET record_active = new.is_active WHERE ${column} = new.id; END`)
        .execute(db);
    }
    return;
  }

  for (const [table, column] of [
    ['contacts', 'contact_id'],
    ['agencies', 'agency_id'],
  ] as const) {
    await sql
      .raw(`CREATE FUNCTION tasks_${table}_active() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE tasks SET record_active = NEW.is_active WHERE ${column} = NEW.id;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER tasks_${table}_active AFTER UPDATE OF is_active ON ${table}
        FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
        EXECUTE FUNCTION tasks_${table}_active()`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  for (const table of ['contacts', 'agencies']) {
    await sql.raw(`DROP TRIGGER tasks_${table}_active${postgres ? ` ON ${table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`DROP FUNCTION tasks_${table}_active()`).execute(db);
  }
  if (!postgres) await db.schema.dropTable('event_log').execute();
  await db.schema.dropTable('notification_mutes').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('history').dropColumn('related_task_id').execute();
  await db.schema.dropTable('tasks').execute();
}
