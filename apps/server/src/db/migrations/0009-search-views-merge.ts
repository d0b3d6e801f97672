import { foldCase, nationalPhoneKey } from '@crm/domain';
import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';
import { idColumn } from '../migration-helpers.js';

/**
 * Keys for the command palette and the duplicate checks, saved list views, and merges.
 *
 * Contacts gain a folded surname, the phone without its calling code (what people dial locally)
 * and a folded passport number; agencies their office number without calling code. Each key is
 * indexed, and on PostgreSQL also with pattern operators, so that a prefix (`LIKE 'abc%'`) is an
 * index range whatever the database's collation. A merged record points at its survivor.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const add = (table: string, column: string, type: string) =>
    sql`ALTER TABLE ${sql.raw(table)} ADD COLUMN ${sql.raw(column)} ${sql.raw(type)}`.execute(db);
  await add('contacts', 'surname_key', "varchar(100) NOT NULL DEFAULT ''");
  await add('contacts', 'phone_key', "varchar(20) NOT NULL DEFAULT ''");
  await add('contacts', 'passport_key', "varchar(50) NOT NULL DEFAULT ''");
  await add('contacts', 'merged_into_id', 'integer REFERENCES contacts(id)');
  await add('agencies', 'office_key', "varchar(20) NOT NULL DEFAULT ''");
  await add('agencies', 'merged_into_id', 'integer REFERENCES agencies(id)');

  // Keys written before the dotless ı folded to "i" are folded again, so old and new rows agree.
  const refold = (row: Record<string, unknown>, columns: string[]) =>
    Object.fromEntries(columns.map((column) => [column, String(row[column] ?? '').replace(/ı/g, 'i')]));
  const contactKeys = ['name_key', 'email_key', 'agency_key', 'owner_key', 'assignee_key', 'search_text'];
  await backfill(db, 'contacts', ['surname', 'phone', 'passport_number', ...contactKeys], (row) => ({
    ...refold(row, contactKeys),
    surname_key: foldCase(String(row.surname).trim()),
    phone_key: nationalPhoneKey(String(row.phone)),
    passport_key: row.passport_number ? foldCase(String(row.passport_number).trim()) : '',
  }));
  const agencyKeys = ['name_key', 'email_key', 'parent_key', 'creator_key', 'search_text'];
  await backfill(db, 'agencies', ['office_number', ...agencyKeys], (row) => ({
    ...refold(row, agencyKeys),
    office_key: nationalPhoneKey(String(row.office_number)),
  }));
  await backfill(db, 'products', ['title_key'], (row) => refold(row, ['title_key']));

  const index = async (name: string, table: string, columns: string[], patterned = false) => {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    if (patterned && engine === 'postgres') {
      const column = sql.raw(columns[0] ?? '');
      await sql`CREATE INDEX ${sql.raw(`${name}_prefix`)} ON ${sql.raw(table)} (${column} varchar_pattern_ops)`.execute(
        db,
      );
    }
  };
  // The palette ranks exact matches by the latest edit: name_key then updated_at serves it.
  await index('contacts_find_name', 'contacts', ['name_key', 'updated_at'], true);
  await index('contacts_find_surname', 'contacts', ['surname_key'], true);
  await index('contacts_find_phone', 'contacts', ['phone_key'], true);
  await index('contacts_find_passport', 'contacts', ['passport_key'], true);
  await index('contacts_find_tr_id', 'contacts', ['tr_id_number'], true);
  await index('contacts_merged_into', 'contacts', ['merged_into_id']);
  if (engine === 'postgres') {
    for (const [name, column] of [
      ['contacts_find_email_prefix', 'email_key'],
      ['contacts_find_full_phone_prefix', 'phone'],
      ['agencies_find_name_prefix', 'name_key'],
      ['agencies_find_email_prefix', 'email_key'],
      ['agencies_find_office_number_prefix', 'office_number'],
      ['products_find_title_prefix', 'title_key'],
    ] as const) {
      const table = name.split('_')[0];
      await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.raw(table ?? '')} (${sql.raw(column)} varchar_pattern_ops)`.execute(
        db,
      );
    }
  }
  await index('agencies_find_office', 'agencies', ['office_key'], true);
  await index('agencies_merged_into', 'agencies', ['merged_into_id']);

  await idColumn(db, db.schema.createTable('saved_views'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('list', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner').on('saved_views').columns(['user_id', 'list']).execute();
  await db.schema.createIndex('saved_views_shared').on('saved_views').columns(['list', 'shared']).execute();

  await idColumn(db, db.schema.createTable('merges'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('survivor_id', 'integer', (c) => c.notNull())
    .addColumn('merged_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('undone_at', 'varchar(30)')
    .addColumn('undone_by_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('merges_survivor').on('merges').columns(['kind', 'survivor_id']).execute();
  await db.schema.createIndex('merges_merged').on('merges').columns(['kind', 'merged_id']).execute();
}

/** Writes keys computed in JavaScript (the same folding as the application), a batch at a time. */
async function backfill(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  table: string,
  columns: string[],
  keys: (row: Record<string, unknown>) => Record<string, string>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = await db
      .selectFrom(table)
      .select(['id', ...columns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await db.updateTable(table).set(keys(row)).where('id', '=', row.id).execute();
    }
    after = Number(rows[rows.length - 1]?.id);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('merges').execute();
  await db.schema.dropTable('saved_views').execute();
}
