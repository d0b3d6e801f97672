import type { ColumnType, Generated } from 'kysely';

/*
 * The tables of the records people keep: users and their sessions, agencies, contacts and what hangs
 * off them, products (schema.ts gathers every table into the database's type).
 */

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

/**
 * A sort key search-folded (`searchFold` of the text the key folds): the sort key keeps ç and ş;
 * this twin is what searches match. Written with its key by the kind's write function (a plain
 * column since migration 0026, so that a search does not fold every row it tests again).
 */
export type SearchFolded = string;

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
  /** name_key search-folded: what matches a name. */
  name_fold: SearchFolded;
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
  /** name_key search-folded: what matches a name. */
  name_fold: SearchFolded;
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

/** Notes and files may belong to a deal instead (migration 0029). */
type DealParentColumn = ColumnType<number | null, number | null | undefined, number | null>;

export interface NotesTable extends ParentColumns {
  deal_id: DealParentColumn;
  id: Generated<number>;
  content: string;
  is_active: Flag;
  user_id: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface FilesTable extends ParentColumns {
  deal_id: DealParentColumn;
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
  /** turkishSortKey(name), ordered byte by byte: Turkish order (migration 0023). */
  sort_key: string;
  parent_id: number | null;
  is_active: Flag;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ProductsTable extends VersionColumns {
  id: Generated<number>;
  title: string;
  title_key: string;
  /** title_key search-folded: what matches a title. */
  title_fold: SearchFolded;
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
