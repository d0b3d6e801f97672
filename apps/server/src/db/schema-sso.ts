/* Single sign-on through an OpenID Connect provider (migration 0037). */
import type { Timestamp } from './schema-records.js';

/** A sign-in sent to the provider and not yet back: spent by its callback, or expired. */
export interface SsoPendingSignInsTable {
  /** SHA-256 of the state, hex. */
  state_digest: string;
  nonce: string;
  code_verifier: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The one-time code the callback hands the web app, traded once for a session. */
export interface SsoHandoffsTable {
  /** SHA-256 of the code, hex. */
  digest: string;
  user_id: number;
  expires_at: Timestamp;
}

/** A user's account at the provider: its issuer and subject, unique together. */
export interface UserIdentitiesTable {
  user_id: number;
  issuer: string;
  subject: string;
  created_at: Timestamp;
}

/** The tables of single sign-on; `Database` includes them. */
export interface SingleSignOnTables {
  sso_pending_sign_ins: SsoPendingSignInsTable;
  sso_handoffs: SsoHandoffsTable;
  user_identities: UserIdentitiesTable;
}
