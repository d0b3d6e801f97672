import type { Generated } from 'kysely';
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

/** An address an admin registered to hear of events (migration 0036). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  /** `whsec_…`: the Standard Webhooks signing secret. */
  secret: string;
  /** JSON array of event kinds. */
  events: string;
  is_active: number;
  failing_events: Generated<number>;
  disabled_reason: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event as sent: the body is fixed when the change commits. */
export interface WebhookEventsTable {
  id: Generated<number>;
  kind: string;
  record_kind: string;
  record_id: number;
  payload: string;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  record_key: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

/** The tables of the connections to other systems; `Database` includes them. */
export interface IntegrationTables {
  calendar_feeds: CalendarFeedsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
