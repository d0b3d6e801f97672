import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * How many contacts there are of each type and active state, kept by triggers in the same
 * transaction as every insert, update and delete of a contact. The lists and the dashboard ask for
 * the unfiltered totals on every request; counting 70,000 index entries each time costs 2 ms on
 * SQLite and 30 ms on PostgreSQL, reading a row here costs microseconds.
 *
 * Triggers rather than service code, so that no writer (the services, the seeder, a console) can
 * forget them. Each statement applies its net change per (type, is_active) in one upsert: an edit
 * that changes neither touches no counter, so edits do not queue on the counter rows; on PostgreSQL
 * the triggers run once per statement over its transition tables, so a bulk insert updates each
 * counter once, and the upsert takes the counter rows in key order, so two writers cannot deadlock.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_counts')
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_counts_pk', ['type', 'is_active'])
    .execute();
  await sql`INSERT INTO contact_counts (type, is_active, n)
    SELECT type, is_active, count(*) FROM contacts GROUP BY type, is_active`.execute(db);

  if (engineOf(db) === 'sqlite') {
    const add = (row: 'new' | 'old', delta: 1 | -1) =>
      sql.raw(
        `INSERT INTO contact_counts (type, is_active, n) VALUES (${row}.type, ${row}.is_active, ${delta})
       ON CONFLICT (type, is_active) DO UPDATE SET n = n + excluded.n;`,
      );
    await sql`CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts BEGIN ${add('new', 1)} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts BEGIN ${add('old', -1)} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER contact_counts_update AFTER UPDATE OF type, is_active ON contacts
      WHEN old.type IS NOT new.type OR old.is_active IS NOT new.is_active
      BEGIN ${add('old', -1)} ${add('new', 1)} END`.execute(db);
    return;
  }

  // PL/pgSQL plans a statement when it first runs it, so each branch names only the transition
  // tables its trigger declares.
  const upsert = (changes: string) => `
      INSERT INTO contact_counts (type, is_active, n)
        SELECT type, is_active, sum(delta) FROM (${changes}) AS changes
        GROUP BY type, is_active
        HAVING sum(delta) <> 0
        ORDER BY type, is_active
      ON CONFLICT (type, is_active) DO UPDATE SET n = contact_counts.n + excluded.n;`;
  const added = 'SELECT type, is_active, 1 AS delta FROM new_rows';
  const removed = 'SELECT type, is_active, -1 AS delta FROM old_rows';
  await sql
    .raw(`CREATE FUNCTION contact_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert(added)}
      ELSIF TG_OP = 'DELETE' THEN ${upsert(removed)}
      ELSE ${upsert(`${added} UNION ALL ${removed}`)}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER contact_counts_update AFTER UPDATE ON contacts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION contact_counts_apply()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['insert', 'delete', 'update']) {
    await sql
      .raw(`DROP TRIGGER contact_counts_${name}${engineOf(db) === 'postgres' ? ' ON contacts' : ''}`)
      .execute(db);
  }
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION contact_counts_apply()`.execute(db);
  await db.schema.dropTable('contact_counts').execute();
}
