import type { AccessTables } from './schema-access.js';
import type { AuditTables } from './schema-audit.js';
import type {
  DealHistoryTable,
  DealLinesTable,
  DealLostReasonsTable,
  DealStagesTable,
  DealStageTotalsTable,
  DealsTable,
} from './schema-deals.js';
import type { IntegrationTables } from './schema-integrations.js';
import type {
  AgenciesTable,
  AgencySalesRepsTable,
  AgencyStaffTable,
  ContactCountsTable,
  ContactStatsTable,
  ContactsTable,
  FilesTable,
  HistoryTable,
  LoginFailuresTable,
  NotesTable,
  ProductCategoriesTable,
  ProductCategoryLinksTable,
  ProductsTable,
  SessionsTable,
  SettingsTable,
  UsersTable,
} from './schema-records.js';
import type { SingleSignOnTables } from './schema-sso.js';
import type {
  BulkChangesTable,
  ColumnChoicesTable,
  EventLogTable,
  ExportLogTable,
  ExportStreamsTable,
  ImportRowsTable,
  ImportsTable,
  JobSchedulesTable,
  JobsTable,
  MergesTable,
  NotificationMutesTable,
  NotificationsTable,
  SavedViewsTable,
  TaskDigestsTable,
  TasksTable,
} from './schema-work.js';

export * from './schema-access.js';
export * from './schema-audit.js';
export * from './schema-deals.js';
export * from './schema-integrations.js';
export * from './schema-records.js';
export * from './schema-sso.js';
export * from './schema-work.js';

export interface Database extends AccessTables, AuditTables, IntegrationTables, SingleSignOnTables {
  deal_stages: DealStagesTable;
  deal_stage_totals: DealStageTotalsTable;
  deal_lost_reasons: DealLostReasonsTable;
  deals: DealsTable;
  deal_lines: DealLinesTable;
  deal_history: DealHistoryTable;
  jobs: JobsTable;
  bulk_changes: BulkChangesTable;
  job_schedules: JobSchedulesTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  export_log: ExportLogTable;
  export_streams: ExportStreamsTable;
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
