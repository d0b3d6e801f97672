import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * What the dashboard's charts add up, kept by triggers in the transaction of every write to
 * contacts (as contact_counts is, migration 0005), so that the charts read a few hundred rows
 * however many contacts there are:
 *
 * - `source` and `agency`: contacts per source (value '' when none) and per referring agency (its
 *   id), by current type and active state; a change of any of them moves the contact's count.
 * - `created` and `converted`: events per UTC day (value YYYY-MM-DD): contacts created, by the type
 *   they were created with, and leads converted to customers. Events stay counted whatever becomes
 *   of the contact afterwards; is_active is always 1 for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_stats')
    .addColumn('dimension', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_stats_pk', ['dimension', 'value', 'type', 'is_active'])
    .execute();

  const agencyText = engineOf(db) === 'postgres' ? 'agency_id::text' : 'CAST(agency_id AS TEXT)';
  await sql
    .raw(`INSERT INTO contact_stats (dimension, value, type, is_active, n)
    SELECT 'source', COALESCE(source, ''), type, is_active, count(*) FROM contacts
      GROUP BY COALESCE(source, ''), type, is_active
    UNION ALL
    SELECT 'agency', ${agencyText}, type, is_active, count(*) FROM contacts WHERE agency_id IS NOT NULL
      GROUP BY agency_id, type, is_active
    UNION ALL
    SELECT 'created', substr(created_at, 1, 10), COALESCE(new_value, 'LEAD'), 1, count(*) FROM history
      WHERE kind = 'created' AND contact_id IS NOT NULL GROUP BY substr(created_at, 1, 10), COALESCE(new_value, 'LEAD')
    UNION ALL
    SELECT 'converted', substr(created_at, 1, 10), 'CUSTOMER', 1, count(*) FROM history
      WHERE kind = 'conversion' AND contact_id IS NOT NULL GROUP BY substr(created_at, 1, 10)`)
    .execute(db);

  if (engineOf(db) === 'sqlite') {
    const upsert = (select: string) =>
      `INSERT INTO contact_stats (dimension, value, type, is_active, n) ${select}
       ON CONFLICT (dimension, value, type, is_active) DO UPDATE SET n = n + excluded.n;`;
    const breakdown = (row: 'new' | 'old', delta: 1 | -1) =>
      upsert(
        `SELECT 'source', COALESCE(${row}.source, ''), ${row}.type, ${row}.is_active, ${delta} WHERE true`,
      ) +
      upsert(
        `SELECT 'agency', CAST(${row}.agency_id AS TEXT), ${row}.type, ${row}.is_active, ${delta}
         WHERE ${row}.agency_id IS NOT NULL`,
      );
    const created = upsert(`SELECT 'created', substr(new.created_at, 1, 10), new.type, 1, 1 WHERE true`);
    const converted = upsert(
      `SELECT 'converted', strftime('%Y-%m-%d', 'now'), 'CUSTOMER', 1, 1
       WHERE old.type = 'LEAD' AND new.type = 'CUSTOMER'`,
    );
    await sql
      .raw(`CREATE TRIGGER contact_stats_insert AFTER INSERT ON contacts BEGIN
      ${breakdown('new', 1)} ${created} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER contact_stats_delete AFTER DELETE ON contacts BEGIN
      ${breakdown('old', -1)} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER contact_stats_update AFTER UPDATE OF type, is_active, source, agency_id ON contacts
      WHEN old.type IS NOT new.type OR old.is_active IS NOT new.is_active
        OR old.source IS NOT new.source OR old.agency_id IS NOT new.agency_id
      BEGIN ${breakdown('old', -1)} ${breakdown('new', 1)} ${converted} END`)
      .execute(db);
    return;
  }

  // One statement per trigger over its transition tables, the counter rows taken in key order (as
  // in migration 0005), so a bulk write updates each counter once and two writers cannot deadlock.
  const rows = (table: string, delta: number) => `
    SELECT 'source' AS dimension, COALESCE(source, '') AS value, type, is_active, ${delta} AS delta FROM ${table}
    UNION ALL
    SELECT 'agency', agency_id::text, type, is_active, ${delta} FROM ${table} WHERE agency_id IS NOT NULL`;
  const createdRows = `SELECT 'created', substr(created_at, 1, 10), type, 1, 1 FROM new_rows`;
  const convertedRows = `SELECT 'converted', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'CUSTOMER', 1, 1
    FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
    WHERE old_rows.type = 'LEAD' AND new_rows.type = 'CUSTOMER'`;
  const upsert = (changes: string) => `
      INSERT INTO contact_stats (dimension, value, type, is_active, n)
        SELECT dimension, value, type, is_active, sum(delta) FROM (${changes}) AS changes
        GROUP BY dimension, value, type, is_active
        HAVING sum(delta) <> 0
        ORDER BY dimension, value, type, is_active
      ON CONFLICT (dimension, value, type, is_active) DO UPDATE SET n = contact_stats.n + excluded.n;`;
  await sql
    .raw(`CREATE FUNCTION contact_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert(`${rows('new_rows', 1)} UNION ALL ${createdRows}`)}
      ELSIF TG_OP = 'DELETE' THEN ${upsert(rows('old_rows', -1))}
      ELSE ${upsert(`${rows('new_rows', 1)} UNION ALL ${rows('old_rows', -1)} UNION ALL ${convertedRows}`)}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER contact_stats_insert AFTER INSERT ON contacts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_stats_apply()`.execute(db);
  await sql`CREATE TRIGGER contact_stats_delete AFTER DELETE ON contacts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_stats_apply()`.execute(db);
  await sql`CREATE TRIGGER contact_stats_update AFTER UPDATE ON contacts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION contact_stats_apply()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['insert', 'delete', 'update']) {
    await sql
      .raw(`DROP TRIGGER contact_stats_${name}${engineOf(db) === 'postgres' ? ' ON contacts' : ''}`)
      .execute(db);
  }
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION contact_stats_apply()`.execute(db);
  await db.schema.dropTable('contact_stats').execute();
}
