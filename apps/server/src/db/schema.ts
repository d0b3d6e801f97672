import type { ColumnType, Generated } from 'kysely';

/** Columns of a record people edit from a dialog (migration 0006). */
export interface VersionColumns {
  /** 1 on insert; every update adds one in the same statement. */
  version: Generated<number>;
  /** JSON: field name → the version at which that field last changed. */
  field_versions: Generated<string>;
  updated_by_id: Generated<number | null>;
}

/** Booleans are stored as 0/1 integers on both engines so that one set of queries serves both. */
export type Flag = number;
/** Times are ISO 8601 UTC strings on both engines; they sort and compare as text. */
export type Timestamp = string;

export interface UsersTable extends VersionColumns {
  id: Generated<number>;
  name: string;
  first_name: string;
  surname: string;
  phone: string;
  email: string;
  password_hash: string;
  role: string;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  failed_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AgenciesTable extends VersionColumns {
  id: Generated<number>;
  name: string;
  office_number: string;
  country_code: string | null;
  email: string;
  /** Commission in basis points: 12.34 % is 1234. */
  commission_bp: number;
  country: string;
  city: string;
  type: string;
  parent_agency_id: number | null;
  created_by_id: number | null;
  name_key: string;
  email_key: string;
  parent_key: string;
  creator_key: string;
  search_text: string;
  /** The office number without its calling code (migration 0009). */
  office_key: Generated<string>;
  /** Set when a merge folded this agency into another. */
  merged_into_id: Generated<number | null>;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ContactsTable extends VersionColumns {
  id: Generated<number>;
  type: string;
  name: string;
  surname: string;
  phone: string;
  country_code: string | null;
  email: string | null;
  nationality: string | null;
  residency: string | null;
  gender: string | null;
  passport_number: string | null;
  birthday: string | null;
  tr_id_number: string | null;
  city: string | null;
  occupation: string | null;
  marital_status: string | null;
  number_of_children: number | null;
  education_level: string | null;
  income_level: string | null;
  budget_pence: number;
  preferred_payment: string | null;
  service_category: string | null;
  room_number: string | null;
  source: string | null;
  notes: string;
  agency_id: number | null;
  owner_id: number;
  assigned_to_id: number | null;
  is_active: Flag;
  completeness: number;
  name_key: string;
  email_key: string;
  agency_key: string;
  owner_key: string;
  assignee_key: string;
  search_text: string;
  /** Palette keys (migration 0009): folded surname, phone without calling code, folded passport. */
  surname_key: Generated<string>;
  phone_key: Generated<string>;
  passport_key: Generated<string>;
  /** Set when a merge folded this contact into another. */
  merged_into_id: Generated<number | null>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** Notes, files and history belong to exactly one parent: a contact or an agency. */
interface ParentColumns {
  contact_id: number | null;
  agency_id: number | null;
}

export interface NotesTable extends ParentColumns {
  id: Generated<number>;
  content: string;
  is_active: Flag;
  user_id: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface FilesTable extends ParentColumns {
  id: Generated<number>;
  name: string;
  filename: string;
  mime_type: string;
  size: number;
  valid_until: string;
  is_active: Flag;
  user_id: number;
  deleted_by_id: number | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface AgencySalesRepsTable {
  agency_id: number;
  user_id: number;
}

export interface AgencyStaffTable {
  id: Generated<number>;
  agency_id: number;
  contact_id: number;
  position: string;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface HistoryTable extends ParentColumns {
  /** The staff member's contact, on agency entries about staff. */
  related_contact_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The task an entry of kind 'task' is about. */
  related_task_id: ColumnType<number | null, number | null | undefined, number | null>;
  id: Generated<number>;
  kind: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

export interface ProductCategoriesTable extends VersionColumns {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ProductsTable extends VersionColumns {
  id: Generated<number>;
  title: string;
  title_key: string;
  description: string;
  product_type: string;
  real_estate_company_id: number | null;
  sale_price_pence: number | null;
  area_centi_m2: number | null;
  real_estate_status: string | null;
  room_number: string | null;
  term_price_pence: number | null;
  annual_price_pence: number | null;
  maintenance_type: string | null;
  maintenance_description: string | null;
  is_active: Flag;
  created_by_id: number | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ProductCategoryLinksTable {
  product_id: number;
  category_id: number;
}

/** Maintained by triggers (migration 0005); never written by the application. */
export interface ContactCountsTable {
  type: string;
  is_active: number;
  n: number;
}

/** Maintained by triggers (migration 0010) for the dashboard's charts; never written by the application. */
export interface ContactStatsTable {
  dimension: 'source' | 'agency' | 'created' | 'converted';
  value: string;
  type: string;
  is_active: number;
  n: number;
}

/** The shared job queue (modules/jobs). JSON columns hold text. */
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
  /** The column keys as a JSON array. */
  columns: string;
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

export interface Database {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  export_log: ExportLogTable;
  saved_views: SavedViewsTable;
  column_choices: ColumnChoicesTable;
  merges: MergesTable;
  tasks: TasksTable;
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  task_digests: TaskDigestsTable;
  event_log: EventLogTable;
  product_categories: ProductCategoriesTable;
  products: ProductsTable;
  product_category_links: ProductCategoryLinksTable;
  agencies: AgenciesTable;
  contacts: ContactsTable;
  contact_counts: ContactCountsTable;
  contact_stats: ContactStatsTable;
  notes: NotesTable;
  files: FilesTable;
  history: HistoryTable;
  agency_sales_reps: AgencySalesRepsTable;
  agency_staff: AgencyStaffTable;
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
}
