import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { idColumn } from '../migration-helpers.js';

/**
 * Contacts, and the notes, files and history that contacts and agencies share. Agencies get their
 * table here (id and name) so that every foreign key is real from the start; the partners
 * migration adds the rest of their columns.
 *
 * Contacts carry lower-case sort keys (name, e-mail, agency, owner, assignee) and one search text,
 * so that every sortable column and the global search are served by an index at a million rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await idColumn(db, db.schema.createTable('agencies'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('contacts'))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('surname', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(5)')
    .addColumn('email', 'varchar(320)')
    .addColumn('nationality', 'varchar(100)')
    .addColumn('residency', 'varchar(100)')
    .addColumn('gender', 'varchar(10)')
    .addColumn('passport_number', 'varchar(50)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('tr_id_number', 'varchar(20)')
    .addColumn('city', 'varchar(100)')
    .addColumn('occupation', 'varchar(100)')
    .addColumn('marital_status', 'varchar(10)')
    .addColumn('number_of_children', 'integer')
    .addColumn('education_level', 'varchar(30)')
    .addColumn('income_level', 'varchar(20)')
    .addColumn('budget_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('preferred_payment', 'varchar(20)')
    .addColumn('service_category', 'varchar(100)')
    .addColumn('room_number', 'varchar(50)')
    .addColumn('source', 'varchar(30)')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agency_id', 'integer', (c) => c.references('agencies.id'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('completeness', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name_key', 'varchar(201)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(320)', (c) => c.notNull().defaultTo(''))
    .addColumn('agency_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('assignee_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  const listIndex = (name: string, column: string) =>
    db.schema
      .createIndex(`contacts_list_${name}`)
      .on('contacts')
      .columns(['type', 'is_active', column, 'id'])
      .execute();
  await listIndex('name', 'name_key');
  await listIndex('email', 'email_key');
  await listIndex('phone', 'phone');
  await listIndex('agency', 'agency_key');
  await listIndex('owner', 'owner_key');
  await listIndex('assignee', 'assignee_key');
  await listIndex('created', 'created_at');
  await db.schema.createIndex('contacts_agency').on('contacts').columns(['agency_id', 'id']).execute();
  await db.schema.createIndex('contacts_owner').on('contacts').column('owner_id').execute();
  await db.schema.createIndex('contacts_assignee').on('contacts').column('assigned_to_id').execute();
  // The duplicate check looks contacts up by each key across both types.
  await db.schema.createIndex('contacts_dup_name').on('contacts').column('name_key').execute();
  await db.schema.createIndex('contacts_dup_email').on('contacts').column('email_key').execute();
  await db.schema.createIndex('contacts_dup_phone').on('contacts').column('phone').execute();

  if (engine === 'sqlite') {
    // A trigram full-text index answers substring searches of 3+ characters without a scan.
    await sql`CREATE VIRTUAL TABLE contacts_search USING fts5(search_text, content='contacts', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
      INSERT INTO contacts_search(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
      INSERT INTO contacts_search(contacts_search, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER contacts_search_update AFTER UPDATE OF search_text ON contacts BEGIN
      INSERT INTO contacts_search(contacts_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO contacts_search(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX contacts_search_trgm ON contacts USING gin (search_text gin_trgm_ops)`.execute(db);
  }

  // Notes, files and history belong to a contact or to an agency: exactly one of the two keys.
  const parentColumns = <T extends string>(name: string, table: ReturnType<typeof idColumn<T>>) =>
    table
      .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('cascade'))
      .addColumn('agency_id', 'integer', (c) => c.references('agencies.id').onDelete('cascade'))
      .addCheckConstraint(`${name}_one_parent`, sql`(contact_id is null) <> (agency_id is null)`);

  await parentColumns('notes', idColumn(db, db.schema.createTable('notes')))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_contact').on('notes').columns(['contact_id', 'created_at']).execute();
  await db.schema.createIndex('notes_agency').on('notes').columns(['agency_id', 'created_at']).execute();

  await parentColumns('files', idColumn(db, db.schema.createTable('files')))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('filename', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('deleted_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_contact').on('files').columns(['contact_id', 'created_at']).execute();
  await db.schema.createIndex('files_agency').on('files').columns(['agency_id', 'created_at']).execute();

  await parentColumns('history', idColumn(db, db.schema.createTable('history')))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)')
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('history_contact')
    .on('history')
    .columns(['contact_id', 'created_at'])
    .execute();
  await db.schema.createIndex('history_agency').on('history').columns(['agency_id', 'created_at']).execute();
  await db.schema.createIndex('history_recent').on('history').columns(['created_at', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['history', 'files', 'notes']) await db.schema.dropTable(table).execute();
  if (engineOf(db) === 'sqlite') await sql`DROP TABLE contacts_search`.execute(db);
  await db.schema.dropTable('contacts').execute();
  await db.schema.dropTable('agencies').execute();
}
