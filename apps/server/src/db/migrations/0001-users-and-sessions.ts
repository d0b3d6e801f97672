import { type Kysely, sql } from 'kysely';
import { idColumn } from '../migration-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('users'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('surname', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // E-mail is unique regardless of case; lower() indexes work on both engines.
  await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_name_lower ON users (lower(name), id)`.execute(db);
  await db.schema.createIndex('users_role').on('users').columns(['role', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await idColumn(db, db.schema.createTable('login_failures'))
    .addColumn('key', 'varchar(400)', (c) => c.notNull())
    .addColumn('failed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('login_failures_key')
    .on('login_failures')
    .columns(['key', 'failed_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
