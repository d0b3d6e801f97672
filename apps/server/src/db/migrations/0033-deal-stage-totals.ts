import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Each board column's count, total amount and weighted total (the sum of amount × probability, in
 * pence × percent), per stage and active state, kept by triggers in the same transaction as every
 * insert, update and delete of a deal. The board asks for a column's totals on every page; summing
 * a column of 70,000 deals each time costs milliseconds that grow with the column, reading a row
 * here costs microseconds.
 *
 * The pattern of the contact counts (migration 0005): triggers rather than service code, so that no
 * writer (the services, an import, a merge, the seeder, a console) can forget them. Each statement
 * applies its net change per (stage, is_active) in one upsert, and only when the stage, the state,
 * the amount or the probability changed, so other edits do not queue on the totals rows; on
 * PostgreSQL the triggers run once per statement over its transition tables, so a bulk insert
 * updates each row once, and the upsert takes the rows in key order, so two writers cannot deadlock.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deal_stage_totals')
    .addColumn('stage_id', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('amount_pence', 'bigint', (c) => c.notNull())
    .addColumn('weighted', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_stage_totals_pk', ['stage_id', 'is_active'])
    .execute();
  await sql`INSERT INTO deal_stage_totals (stage_id, is_active, n, amount_pence, weighted)
    SELECT stage_id, is_active, count(*), sum(amount_pence), sum(amount_pence * probability)
    FROM deals GROUP BY stage_id, is_active`.execute(db);

  if (engineOf(db) === 'sqlite') {
    const add = (row: 'new' | 'old', sign: '' | '-') =>
      sql.raw(
        `INSERT INTO deal_stage_totals (stage_id, is_active, n, amount_pence, weighted)
         VALUES (${row}.stage_id, ${row}.is_active, ${sign}1, ${sign}${row}.amount_pence,
           ${sign}(${row}.amount_pence * ${row}.probability))
       ON CONFLICT (stage_id, is_active) DO UPDATE SET n = n + excluded.n,
         amount_pence = amount_pence + excluded.amount_pence, weighted = weighted + excluded.weighted;`,
      );
    await sql`CREATE TRIGGER deal_stage_totals_insert AFTER INSERT ON deals BEGIN ${add('new', '')} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER deal_stage_totals_delete AFTER DELETE ON deals BEGIN ${add('old', '-')} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER deal_stage_totals_update
      AFTER UPDATE OF stage_id, is_active, amount_pence, probability ON deals
      WHEN old.stage_id IS NOT new.stage_id OR old.is_active IS NOT new.is_active
        OR old.amount_pence IS NOT new.amount_pence OR old.probability IS NOT new.probability
      BEGIN ${add('old', '-')} ${add('new', '')} END`.execute(db);
    return;
  }

  // PL/pgSQL plans a statement when it first runs it, so each branch names only the transition
  // tables its trigger declares. A group whose deltas all cancel (an edit of the title) is left out.
  const upsert = (changes: string) => `
      INSERT INTO deal_stage_totals (stage_id, is_active, n, amount_pence, weighted)
        SELECT stage_id, is_active, sum(n), sum(amount_pence), sum(weighted) FROM (${changes}) AS changes
        GROUP BY stage_id, is_active
        HAVING sum(n) <> 0 OR sum(amount_pence) <> 0 OR sum(weighted) <> 0
        ORDER BY stage_id, is_active
      ON CONFLICT (stage_id, is_active) DO UPDATE SET n = deal_stage_totals.n + excluded.n,
        amount_pence = deal_stage_totals.amount_pence + excluded.amount_pence,
        weighted = deal_stage_totals.weighted + excluded.weighted;`;
  const added =
    'SELECT stage_id, is_active, 1 AS n, amount_pence, amount_pence * probability AS weighted FROM new_rows';
  const removed =
    'SELECT stage_id, is_active, -1 AS n, -amount_pence AS amount_pence, ' +
    '-(amount_pence * probability) AS weighted FROM old_rows';
  await sql
    .raw(`CREATE FUNCTION deal_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert(added)}
      ELSIF TG_OP = 'DELETE' THEN ${upsert(removed)}
      ELSE ${upsert(`${added} UNION ALL ${removed}`)}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER deal_stage_totals_insert AFTER INSERT ON deals
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_apply()`.execute(
    db,
  );
  await sql`CREATE TRIGGER deal_stage_totals_delete AFTER DELETE ON deals
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_apply()`.execute(
    db,
  );
  await sql`CREATE TRIGGER deal_stage_totals_update AFTER UPDATE ON deals
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION deal_stage_totals_apply()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['insert', 'delete', 'update']) {
    await sql
      .raw(`DROP TRIGGER deal_stage_totals_${name}${engineOf(db) === 'postgres' ? ' ON deals' : ''}`)
      .execute(db);
  }
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION deal_stage_totals_apply()`.execute(db);
  await db.schema.dropTable('deal_stage_totals').execute();
}
