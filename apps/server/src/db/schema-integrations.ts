import type { Timestamp } from './schema-records.js';

/* What other systems read: the task calendar feeds (migration 0035). */

/** A person's private calendar feed; the secret in its address is kept only as a hash. */
export interface CalendarFeedsTable {
  user_id: number;
  /** SHA-256 of the secret, in hex. */
  token_hash: string;
  /** When this secret was made (created or regenerated). */
  created_at: Timestamp;
}

/** The tables of the connections to other systems; `Database` includes them. */
export interface IntegrationTables {
  calendar_feeds: CalendarFeedsTable;
}
