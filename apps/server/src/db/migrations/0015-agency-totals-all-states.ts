import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * An admin's "top agencies" chart counts a referring agency's contacts in both active states. The
 * totals were kept per state only, so the ranking had to merge two lists: at 50,000 agencies with
 * similar totals that read hundreds of rows and took 4.5 ms of SQL, most of the charts' cost. The
 * triggers now also keep each agency's total over both states, as `is_active = 2` ("any"), and one
 * index read in rank order gives either role's top five: `is_active = 1` for users, 2 for admins.
 * Ties rank by the agency id read as text, as before; the index holds that order too.
 *
 * The triggers are those of migration 0010 with the "any state" row added; `triggers(db, false)`
 * puts 0010's back.
 */
const ANY_STATE = 2;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await dropTriggers(db);
  await triggers(db, true);
  await sql`INSERT INTO contact_stats (dimension, value, type, is_active, n)
    SELECT 'agency', value, type, ${sql.lit(ANY_STATE)}, sum(n) FROM contact_stats
    WHERE dimension = 'agency' AND is_active IN (0, 1) GROUP BY value, type`.execute(db);
  await db.schema.dropIndex('contact_stats_rank').execute();
  await sql`CREATE INDEX contact_stats_rank ON contact_stats (dimension, type, is_active, n DESC, value)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db);
  await triggers(db, false);
  await sql`DELETE FROM contact_stats WHERE dimension = 'agency' AND is_active = ${sql.lit(ANY_STATE)}`.execute(
    db,
  );
  await db.schema.dropIndex('contact_stats_rank').execute();
  await db.schema
    .createIndex('contact_stats_rank')
    .on('contact_stats')
    .columns(['dimension', 'type', 'is_active', 'n'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
async function dropTriggers(db: Kysely<any>) {
  for (const name of ['insert', 'delete', 'update']) {
    await sql
      .raw(`DROP TRIGGER contact_stats_${name}${engineOf(db) === 'postgres' ? ' ON contacts' : ''}`)
      .execute(db);
  }
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION contact_stats_apply()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
async function triggers(db: Kysely<any>, anyState: boolean) {
  if (engineOf(db) === 'sqlite') {
    const upsert = (select: string) =>
      `INSERT INTO contact_stats (dimension, value, type, is_active, n) ${select}
       ON CONFLICT (dimension, value, type, is_active) DO UPDATE SET n = n + excluded.n;`;
    const agency = (row: 'new' | 'old', state: string, delta: 1 | -1) =>
      upsert(
        `SELECT 'agency', CAST(${row}.agency_id AS TEXT), ${row}.type, ${state}, ${delta}
         WHERE ${row}.agency_id IS NOT NULL`,
      );
    const breakdown = (row: 'new' | 'old', delta: 1 | -1) =>
      upsert(
        `SELECT 'source', COALESCE(${row}.source, ''), ${row}.type, ${row}.is_active, ${delta} WHERE true`,
      ) +
      agency(row, `${row}.is_active`, delta) +
      (anyState ? agency(row, String(ANY_STATE), delta) : '');
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

  // As in 0010: one statement per trigger over its transition tables, counter rows taken in key order.
  const rows = (table: string, delta: number) => `
    SELECT 'source' AS dimension, COALESCE(source, '') AS value, type, is_active, ${delta} AS delta FROM ${table}
    UNION ALL
    SELECT 'agency', agency_id::text, type, is_active, ${delta} FROM ${table} WHERE agency_id IS NOT NULL
    ${anyState ? `UNION ALL SELECT 'agency', agency_id::text, type, ${ANY_STATE}, ${delta} FROM ${table} WHERE agency_id IS NOT NULL` : ''}`;
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
