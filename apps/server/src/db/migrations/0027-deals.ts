import { type Kysely, sql } from 'kysely';
import { idColumn } from '../migration-helpers.js';

/**
 * Deals (issue 25): the stages an admin keeps, the reasons a deal is lost, the deals themselves with
 * their product lines, and their history.
 *
 * Money is in pence (bigint, like the products' prices); a line's discount in basis points. A
 * deal's history has its own table: the shared `history` table holds exactly one of a contact or an
 * agency (its check constraint, which SQLite cannot change without copying the table) and its
 * readers (the activity feed, the conversions chart) read every entry as a contact's or agency's.
 *
 * The board reads one column at a time, newest change first: `deals_board` holds the stage, the
 * state and the order with the id as the cursor's tiebreak, so a column's page is one range read.
 */
const STAGES: [name: string, probability: number, kind: 'open' | 'won' | 'lost'][] = [
  ['New', 10, 'open'],
  ['Qualified', 25, 'open'],
  ['Viewing', 40, 'open'],
  ['Proposal', 60, 'open'],
  ['Negotiation', 80, 'open'],
  ['Won', 100, 'won'],
  ['Lost', 0, 'lost'],
];
const LOST_REASONS = ['Price', 'Chose a competitor', 'No response', 'Timing', 'Other'];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const at = new Date().toISOString();

  await idColumn(db, db.schema.createTable('deal_stages'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('probability', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint('deal_stages_kind', sql`kind in ('open', 'won', 'lost')`)
    .addCheckConstraint('deal_stages_probability', sql`probability between 0 and 100`)
    .execute();
  await db.schema.createIndex('deal_stages_position').on('deal_stages').columns(['position', 'id']).execute();
  await db
    .insertInto('deal_stages')
    .values(
      STAGES.map(([name, probability, kind], index) => ({
        name,
        position: index + 1,
        probability,
        kind,
        is_active: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

  await idColumn(db, db.schema.createTable('deal_lost_reasons'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('deal_lost_reasons')
    .values(
      LOST_REASONS.map((name, index) => ({
        name,
        position: index + 1,
        is_active: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

  await idColumn(db, db.schema.createTable('deals'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_fold', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('agency_id', 'integer', (c) => c.references('agencies.id'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id'))
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('deal_stages.id'))
    .addColumn('probability', 'integer', (c) => c.notNull())
    .addColumn('amount_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expected_close_date', 'varchar(10)')
    .addColumn('source', 'varchar(30)')
    .addColumn('lost_reason_id', 'integer', (c) => c.references('deal_lost_reasons.id'))
    .addColumn('lost_reason_text', 'text')
    .addColumn('won_date', 'varchar(10)')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by_id', 'integer', (c) => c.references('users.id'))
    .addCheckConstraint('deals_probability', sql`probability between 0 and 100`)
    .execute();
  for (const [name, columns] of [
    ['deals_board', ['stage_id', 'is_active', 'updated_at', 'id']],
    ['deals_contact', ['contact_id', 'is_active']],
    ['deals_agency', ['agency_id', 'is_active']],
    ['deals_owner', ['owner_id', 'is_active', 'updated_at']],
    ['deals_assignee', ['assigned_to_id', 'is_active', 'updated_at']],
    ['deals_close', ['expected_close_date', 'is_active']],
    ['deals_title_fold', ['title_fold']],
    ['deals_title_key', ['title_key', 'id']],
    ['deals_created', ['created_at', 'id']],
    ['deals_updated', ['updated_at', 'id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('deals')
      .columns([...columns])
      .execute();
  }

  await idColumn(db, db.schema.createTable('deal_lines'))
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_pence', 'bigint', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('line_total_pence', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deal_lines_deal').on('deal_lines').columns(['deal_id', 'position']).execute();
  await db.schema
    .createIndex('deal_lines_product')
    .on('deal_lines')
    .columns(['product_id', 'deal_id'])
    .execute();

  await idColumn(db, db.schema.createTable('deal_history'))
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)')
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deal_history_deal')
    .on('deal_history')
    .columns(['deal_id', 'created_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['deal_history', 'deal_lines', 'deals', 'deal_lost_reasons', 'deal_stages'])
    await db.schema.dropTable(table).execute();
}
