/**
 * What the server's event stream says changed: a record's kind and id, never its content. The
 * server publishes these after a write commits; the web app turns each into the queries it makes
 * stale. One type for both sides.
 */
export const LIVE_EVENT_KINDS = [
  'contact',
  'agency',
  'product',
  'category',
  'user',
  'task',
  'notification',
  'deal',
  /** A deal stage or lost reason an admin created, renamed, reordered or (de)activated. */
  'deal-stage',
  'deal-lost-reason',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** The records a task, note or file can belong to. */
export type LiveRecordKind = 'contact' | 'agency' | 'deal';

export interface LiveEvent {
  kind: LiveEventKind;
  id: number;
  /** The record a task belongs to, so that its Tasks tab and history refresh. */
  record?: { kind: LiveRecordKind; id: number };
}
