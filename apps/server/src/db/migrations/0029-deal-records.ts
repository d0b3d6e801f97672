import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * A deal has notes, files and tasks, as contacts and agencies do: each of the three tables gets a
 * nullable `deal_id` (indexed as the other parents' keys are), a note or file still belongs to
 * exactly one record and a task to at most one. A task on a deal copies whether its deal is active
 * into `record_active`, kept by a trigger on deals as on contacts and agencies (migration 0012).
 * `deal_history` learns the task an entry is about, as `history` knows it for the other records.
 *
 * The notes' and files' "exactly one parent" check names only contacts and agencies. PostgreSQL
 * replaces it; SQLite cannot change a check, so there the two tables are copied into new ones with
 * the wider check (the procedure of SQLite's ALTER TABLE documentation: foreign keys off, copy, drop,
 * rename, indexes again, foreign keys checked), which keeps every id, so the tasks' links to files
 * stay whole.
 */

const exactlyOne =
  '(case when contact_id is null then 0 else 1 end + case when agency_id is null then 0 else 1 end + case when deal_id is null then 0 else 1 end) = 1';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
async function copyWithWiderCheck(db: Kysely<any>, table: 'notes' | 'files'): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const ddl = found.rows[0]?.sql ?? '';
  const oldCheck = `constraint "${table}_one_parent" check ((contact_id is null) <> (agency_id is null))`;
  if (!ddl.includes(oldCheck)) throw new Error(`${table} does not have the check this migration replaces`);
  const created = ddl
    .replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${table}_new"`)
    .replace(
      oldCheck,
      `"deal_id" integer references "deals" ("id") on delete cascade, constraint "${table}_one_parent" check (${exactlyOne})`,
    );
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows
    .map((row) => `"${row.name}"`)
    .join(', ');
  await sql.raw(created).execute(db);
  await sql.raw(`INSERT INTO "${table}_new" (${columns}) SELECT ${columns} FROM "${table}"`).execute(db);
  await sql.raw(`DROP TABLE "${table}"`).execute(db);
  await sql.raw(`ALTER TABLE "${table}_new" RENAME TO "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see copyWithWiderCheck()
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const table of ['notes', 'files']) {
      await sql
        .raw(`ALTER TABLE ${table} ADD COLUMN deal_id integer REFERENCES deals(id) ON DELETE CASCADE`)
        .execute(db);
      await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_one_parent`).execute(db);
      await sql
        .raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_parent CHECK (${exactlyOne})`)
        .execute(db);
    }
  } else {
    // Outside any transaction (SQLite runs migrations without one), so that the pragma takes.
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        await copyWithWiderCheck(trx, 'notes');
        await copyWithWiderCheck(trx, 'files');
        const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
        if (broken.rows.length > 0) throw new Error('Copying notes and files broke a foreign key');
      });
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
  }
  await db.schema.createIndex('notes_deal').on('notes').columns(['deal_id', 'created_at']).execute();
  await db.schema.createIndex('files_deal').on('files').columns(['deal_id', 'created_at']).execute();

  // The tasks' check (at most one of contact and agency) still holds; the deal's comes with its column.
  await sql
    .raw(
      'ALTER TABLE tasks ADD COLUMN deal_id integer REFERENCES deals(id) ON DELETE CASCADE ' +
        'CONSTRAINT tasks_deal_alone CHECK (deal_id is null or (contact_id is null and agency_id is null))',
    )
    .execute(db);
  await db.schema.createIndex('tasks_deal').on('tasks').columns(['deal_id', 'state']).execute();

  await db.schema
    .alterTable('deal_history')
    .addColumn('related_task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();

  if (engineOf(db) === 'sqlite') {
    await sql
      .raw(`CREATE TRIGGER tasks_deals_active AFTER UPDATE OF is_active ON deals
        WHEN old.is_active IS NOT new.is_active
        BEGIN UPDATE tasks SET record_active = new.is_active WHERE deal_id = new.id; END`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE FUNCTION tasks_deals_active() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE tasks SET record_active = NEW.is_active WHERE deal_id = NEW.id;
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER tasks_deals_active AFTER UPDATE OF is_active ON deals
      FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
      EXECUTE FUNCTION tasks_deals_active()`)
    .execute(db);
}

/** Migrations only go forward (migrate.ts refuses a newer database); undoing this one is not offered. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(_db: Kysely<any>): Promise<void> {
  throw new Error('Migration 0029 cannot be undone');
}
