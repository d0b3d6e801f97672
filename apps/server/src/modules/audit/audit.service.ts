import type { AuditAction, AuditEntry } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import {
  type AuditFilter,
  type AuditRow,
  deleteAuditEntriesBefore,
  insertAuditEntry,
  listAuditEntries,
} from './audit.repository.js';

/** Who acted: the user as they were then (kept by name too, so a later rename does not rewrite it). */
export interface AuditActor {
  id: number;
  name: string;
  email: string;
}

export interface AuditInput {
  actor: AuditActor | null;
  action: AuditAction;
  targetType?: string | undefined;
  targetId?: number | undefined;
  /** A few facts, not a record's copy: a row count, an old and new role, the e-mail typed. */
  detail?: Record<string, unknown> | undefined;
  /** The client's address as the server determines it (request.ip, TRUST_PROXY respected). */
  address: string | undefined;
}

/** The detail is a note, not a store: anything longer than this is cut. */
const DETAIL_MAX_CHARS = 2000;

/**
 * Writes one entry with `db`, which is the transaction of the change it records wherever there is
 * one: the entry commits exactly when the change does, and a rolled-back change leaves none.
 */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  const detail = JSON.stringify(input.detail ?? {});
  await insertAuditEntry(db, {
    at: nowIso(),
    actor_id: input.actor?.id ?? null,
    actor_name: input.actor?.name ?? null,
    actor_email: input.actor?.email ?? null,
    action: input.action,
    target_type: input.targetType ?? null,
    target_id: input.targetId ?? null,
    detail: detail.length > DETAIL_MAX_CHARS ? JSON.stringify({ truncated: detail.slice(0, 1000) }) : detail,
    address: input.address ?? '',
  });
}

/** The same, for an action an actor takes: who and from where come from the actor. */
export async function recordActorAudit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  more: Omit<AuditInput, 'actor' | 'action' | 'address'> = {},
): Promise<void> {
  await recordAudit(db, { actor: actor.user, action, address: actor.address, ...more });
}

/**
 * Ready for teams (not built yet): the team module's write calls this in its own transaction when a
 * user's team changes.
 */
export async function recordTeamChange(
  db: Db,
  actor: Actor,
  userId: number,
  change: { from: number | null; to: number | null },
): Promise<void> {
  await recordActorAudit(db, actor, 'user.team-changed', {
    targetType: 'user',
    targetId: userId,
    detail: change,
  });
}

/** Ready for record visibility (not built yet): called in the write that changes who may see a record. */
export async function recordVisibilityChange(
  db: Db,
  actor: Actor,
  record: { kind: string; id: number },
  change: { from: string; to: string },
): Promise<void> {
  await recordActorAudit(db, actor, 'record.visibility-changed', {
    targetType: record.kind,
    targetId: record.id,
    detail: change,
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor:
      row.actor_id === null
        ? null
        : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: parseDetail(row.detail),
    address: row.address,
  };
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function listAudit(ctx: AppContext, filter: AuditFilter, limit: number, offset: number) {
  const { rows, total } = await listAuditEntries(ctx.db, filter, limit, offset);
  return { rows: rows.map(toAuditEntry), total };
}

export const AUDIT_SWEEP_JOB = 'audit.retention';
/** Once a day, at a quiet hour (UTC). */
export const AUDIT_SWEEP_SCHEDULE = { dailyAt: '03:30' };

/** Deletes the entries older than AUDIT_RETENTION_DAYS; answers how many went. */
export async function sweepAuditLog(ctx: AppContext): Promise<number> {
  return deleteAuditEntriesBefore(ctx.db, isoAfter(-ctx.config.auditRetentionDays * 86_400_000));
}
