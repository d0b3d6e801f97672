import type { ColumnType, Generated } from 'kysely';
import type { Flag, SearchFolded, Timestamp, VersionColumns } from './schema-records.js';

/* Deals, their stages, lost reasons, product lines and history (migration 0027). */

export interface DealStagesTable {
  id: Generated<number>;
  name: string;
  /** The board's order, from 1. */
  position: number;
  /** The probability a deal in this stage takes unless it is given its own (0–100). */
  probability: number;
  /** 'open', or the terminal 'won' and 'lost' (one each, never changed). */
  kind: string;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface DealLostReasonsTable {
  id: Generated<number>;
  name: string;
  position: number;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface DealsTable extends VersionColumns {
  id: Generated<number>;
  title: string;
  title_key: string;
  title_fold: SearchFolded;
  contact_id: number;
  /** The referring partner: the contact's when the deal was created, unless another was chosen. */
  agency_id: number | null;
  owner_id: number;
  assigned_to_id: number | null;
  stage_id: number;
  probability: number;
  /** The sum of the lines' totals, or the amount entered when there are none. */
  amount_pence: number;
  /** ISO date. */
  expected_close_date: string | null;
  source: string | null;
  lost_reason_id: number | null;
  lost_reason_text: string | null;
  /** ISO date, while the deal is in the Won stage. */
  won_date: string | null;
  is_active: Flag;
  created_by_id: number | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface DealLinesTable {
  id: Generated<number>;
  deal_id: number;
  position: number;
  product_id: number;
  quantity: number;
  unit_price_pence: number;
  /** Discount in basis points: 12.5 % is 1250. */
  discount_bp: number;
  line_total_pence: number;
}

export interface DealHistoryTable {
  id: Generated<number>;
  deal_id: number;
  kind: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  user_id: number | null;
  /** The task an entry of kind 'task' is about (migration 0029). */
  related_task_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/**
 * Each board column's totals per stage and active state, maintained by triggers (migration 0033);
 * never written by the application. `weighted` is the sum of amount_pence × probability.
 */
export interface DealStageTotalsTable {
  stage_id: number;
  is_active: number;
  n: number;
  amount_pence: number;
  weighted: number;
}
