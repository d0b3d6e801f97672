import type { ColumnType, Generated } from 'kysely';

/** Booleans are stored as 0/1 integers on both engines so that one set of queries serves both. */
export type Flag = number;
/** Times are ISO 8601 UTC strings on both engines; they sort and compare as text. */
export type Timestamp = string;

export interface UsersTable {
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

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
}
