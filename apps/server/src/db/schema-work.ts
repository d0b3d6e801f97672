import type { ColumnType, Generated } from 'kysely';

import type { Flag, Timestamp } from './schema-records.js';

/*
 * The tables of the work around the records: jobs and schedules, imports and exports, views,
 * merges, tasks, notifications, events (schema.ts gathers every table into the database's type).
 */

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** queued, running, done, failed or cancelled. */
  state: string;
  unique_key: string | null;
  payload: string;
  checkpoint: string | null;
  progress_done: Generated<number>;
  progress_total: number | null;
  progress_errors: Generated<number>;
  result: string | null;
  error: string | null;
  actor_id: number | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

/** The records a bulk job changed, for its undo (migration 0021). */
export interface BulkChangesTable {
  job_id: number;
  record_id: number;
  created_at: Timestamp;
}

/** The last slot each periodic job was enqueued for (modules/jobs/scheduler.ts). */
export interface JobSchedulesTable {
  kind: string;
  last_slot: Timestamp;
}

export interface ImportsTable {
  id: Generated<number>;
  /** contacts or agencies. */
  entity: string;
  contact_type: string | null;
  filename: string;
  file_key: string;
  format: string;
  size: number;
  /** JSON: the file's column headers in order. */
  headers: string;
  /** JSON: the chosen field of each column (null ignores it). */
  mapping: string | null;
  /** JSON: mode, key, skipErrors. */
  options: string | null;
  /** uploaded, previewing, previewed, running, done, failed, undoing, undone. */
  state: string;
  job_id: number | null;
  total_rows: number | null;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  error_count: Generated<number>;
  undo_result: string | null;
  /** JSON: the preview's counts, written when it ends. */
  preview_summary: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whose numbers a phone without a calling code is (ISO 3166 code); null: the deployment's. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  actor_id: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  undone_at: Timestamp | null;
}

export interface ImportRowsTable {
  import_id: number;
  /** preview or run. */
  phase: string;
  row_number: number;
  /** create, update, skip or error (and on a run: created, updated). */
  action: string;
  record_id: number | null;
  label: string | null;
  /** JSON lists and maps; changes holds { field: [old, new] } of an update. */
  errors: string | null;
  duplicates: string | null;
  changes: string | null;
  /** JSON list like errors: what holds a row back without being an error (an ambiguous phone). */
  warnings: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON { field: "+90 538 495 00 02" }: how the row's phone cells were read. */
  readings: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An export being streamed, while its download is open (modules/limits/export-slots.ts). */
export interface ExportStreamsTable {
  id: Generated<number>;
  user_id: number;
  /** Renewed while the download runs; a row past it belongs to a process that died. */
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ExportLogTable {
  id: Generated<number>;
  user_id: number;
  list: string;
  format: string;
  row_count: number;
  query: string;
  created_at: Timestamp;
}

/** The columns a person shows on a list, in order (the column chooser). */
export interface ColumnChoicesTable {
  user_id: number;
  list: string;
  /** The column keys as a JSON array, or the JSON `null` for every column. */
  columns: string;
  /** Column widths in px by column key, as a JSON object. */
  widths: Generated<string>;
  updated_at: Timestamp;
}

export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  /** Which list the view belongs to: leads, customers, agencies, products, users. */
  list: string;
  name: string;
  shared: Flag;
  /** The list state as JSON: search, filters, sort, columns. */
  state: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface MergesTable {
  id: Generated<number>;
  kind: string;
  survivor_id: number;
  merged_id: number;
  user_id: number;
  /** JSON: both records before the merge, what moved, and the survivor's changed fields. */
  snapshot: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  undone_at: Timestamp | null;
  undone_by_id: number | null;
}

export interface TasksTable {
  id: Generated<number>;
  title: string;
  /** Sanitised rich text, '' when none. */
  description: string;
  due_at: Timestamp | null;
  priority: string;
  state: string;
  assignee_id: number;
  creator_id: number;
  contact_id: number | null;
  agency_id: number | null;
  /** A task's record may be a deal instead (migration 0029). */
  deal_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The file whose validity this task reminds of. */
  file_id: number | null;
  /** Copied from the task's record by triggers (migration 0012); 1 when the task has none. */
  record_active: ColumnType<Flag, Flag | undefined, Flag>;
  /** Set once the due notification was claimed; cleared when the task is rescheduled or reopened. */
  due_notified_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  task_id: number | null;
  contact_id: number | null;
  agency_id: number | null;
  /** The import a finished import's notification is about. */
  import_id: number | null;
  /** The deal a mention in one of its notes is about (migration 0032). */
  deal_id: number | null;
  /** What it is about as plain text when it happened (a task's title, a contact's name). */
  text: string;
  read_at: Timestamp | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface NotificationMutesTable {
  user_id: number;
  kind: string;
}

/** The day each user's task digest last went out. */
export interface TaskDigestsTable {
  user_id: number;
  day: string;
  sent_at: Timestamp;
}

/** SQLite only: live-update events on their way to the other processes of the machine. */
export interface EventLogTable {
  id: Generated<number>;
  payload: string;
  created_at: Timestamp;
}
