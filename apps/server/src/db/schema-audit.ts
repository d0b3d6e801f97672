/* The audit log: who did what, when, from where (migration 0038). */
import type { Generated } from 'kysely';

export interface AuditEntryTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  /** A stable name such as `auth.sign-in` (AUDIT_ACTIONS in packages/domain). */
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** JSON text. */
  detail: string;
  address: string;
}

/** The audit log's tables; `Database` includes them. */
export interface AuditTables {
  audit_entries: AuditEntryTable;
}
