/* The audit log: who did what, when, from where (migration 0038). */

/** The audit log's tables; `Database` includes them. */
// biome-ignore lint/suspicious/noEmptyInterface: filled as the audit log lands
export interface AuditTables {}
