/* Who may sign in and how: second factors (migration 0034). */
import type { ColumnType } from 'kysely';
import type { Timestamp } from './schema-records.js';

/** A user's authenticator: pending while `enabled_at` is null; `secret` null after an admin's reset. */
export interface SecondFactorsTable {
  user_id: number;
  secret: string | null;
  enabled_at: Timestamp | null;
  /** The TOTP time step of the last accepted code (bigint: PostgreSQL may answer it as a string). */
  last_time_step: ColumnType<number | string | null, number | null, number | null>;
  created_at: Timestamp;
  reset_by: number | null;
  reset_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  /** SHA-256 of the code, hex. */
  digest: string;
  user_id: number;
  used_at: Timestamp | null;
}

export interface SignInChallengesTable {
  /** SHA-256 of the challenge token, hex. */
  digest: string;
  user_id: number;
  /** 'verify': enter a code; 'setup': required but not enrolled, set it up first. */
  purpose: string;
  expires_at: Timestamp;
}

/** The tables of sign-in's second factor; `Database` includes them. */
export interface AccessTables {
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
}
