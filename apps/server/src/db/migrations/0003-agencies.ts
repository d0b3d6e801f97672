import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { idColumn } from '../migration-helpers.js';

/**
 * The rest of the agency (partner): contact details, commission in basis points (no float drift),
 * parent agency, sales representatives and staff. History entries about staff name the contact.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const add = (column: string, type: string) =>
    sql`ALTER TABLE agencies ADD COLUMN ${sql.raw(column)} ${sql.raw(type)}`.execute(db);
  await add('office_number', "varchar(20) NOT NULL DEFAULT ''");
  await add('country_code', 'varchar(5)');
  await add('email', "varchar(320) NOT NULL DEFAULT ''");
  await add('commission_bp', 'integer NOT NULL DEFAULT 0');
  await add('country', "varchar(100) NOT NULL DEFAULT ''");
  await add('city', "varchar(100) NOT NULL DEFAULT ''");
  await add('type', "varchar(20) NOT NULL DEFAULT 'COMPANY'");
  await add('parent_agency_id', 'integer REFERENCES agencies(id)');
  await add('created_by_id', 'integer REFERENCES users(id)');
  await add('name_key', "varchar(200) NOT NULL DEFAULT ''");
  await add('email_key', "varchar(320) NOT NULL DEFAULT ''");
  await add('parent_key', "varchar(200) NOT NULL DEFAULT ''");
  await add('creator_key', "varchar(200) NOT NULL DEFAULT ''");
  await add('search_text', "text NOT NULL DEFAULT ''");

  const listIndex = (name: string, column: string) =>
    db.schema.createIndex(`agencies_list_${name}`).on('agencies').columns([column, 'id']).execute();
  await listIndex('name', 'name_key');
  await listIndex('email', 'email_key');
  await listIndex('office', 'office_number');
  await listIndex('parent', 'parent_key');
  await listIndex('creator', 'creator_key');
  await listIndex('type', 'type');
  await listIndex('active', 'is_active');
  await listIndex('created', 'created_at');
  await db.schema.createIndex('agencies_parent').on('agencies').column('parent_agency_id').execute();

  if (engineOf(db) === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE agencies_search USING fts5(search_text, content='agencies', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER agencies_search_insert AFTER INSERT ON agencies BEGIN
      INSERT INTO agencies_search(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER agencies_search_delete AFTER DELETE ON agencies BEGIN
      INSERT INTO agencies_search(agencies_search, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER agencies_search_update AFTER UPDATE OF search_text ON agencies BEGIN
      INSERT INTO agencies_search(agencies_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO agencies_search(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  } else {
    await sql`CREATE INDEX agencies_search_trgm ON agencies USING gin (search_text gin_trgm_ops)`.execute(db);
  }

  await db.schema
    .createTable('agency_sales_reps')
    .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('agency_sales_reps_pk', ['agency_id', 'user_id'])
    .execute();
  await db.schema.createIndex('agency_sales_reps_user').on('agency_sales_reps').column('user_id').execute();

  await idColumn(db, db.schema.createTable('agency_staff'))
    .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('position', 'varchar(30)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('agency_staff_member', ['agency_id', 'contact_id'])
    .execute();

  await sql`ALTER TABLE history ADD COLUMN related_contact_id integer REFERENCES contacts(id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agency_staff').execute();
  await db.schema.dropTable('agency_sales_reps').execute();
}
