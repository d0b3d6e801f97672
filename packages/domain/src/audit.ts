/**
 * What the audit log records, as stable names: entries keep them for as long as they are kept, so a
 * name is never changed or reused, only added.
 */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-out',
  'auth.second-factor-enabled',
  'auth.second-factor-disabled',
  'auth.second-factor-reset',
  'user.role-changed',
  'user.activated',
  'user.deactivated',
  'user.team-changed',
  'record.visibility-changed',
  'export',
  'import',
  'import.undo',
  'merge',
  'merge.undo',
  'bulk.undo',
  'backup',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign-in': 'Sign-in',
  'auth.sign-in-failed': 'Failed sign-in',
  'auth.sign-out': 'Sign-out',
  'auth.second-factor-enabled': 'Second factor turned on',
  'auth.second-factor-disabled': 'Second factor turned off',
  'auth.second-factor-reset': 'Second factor reset',
  'user.role-changed': 'Role changed',
  'user.activated': 'User activated',
  'user.deactivated': 'User deactivated',
  'user.team-changed': 'Team changed',
  'record.visibility-changed': 'Visibility changed',
  export: 'Export',
  import: 'Import',
  'import.undo': 'Import undone',
  merge: 'Merge',
  'merge.undo': 'Merge undone',
  'bulk.undo': 'Bulk change undone',
  backup: 'Backup',
};

/** One entry as GET /api/audit answers it. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  targetType: string | null;
  targetId: number | null;
  detail: Record<string, unknown>;
  address: string;
}
