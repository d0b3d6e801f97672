import type { Db } from '../../apps/server/src/db/database.js';
import type { BatchOptions } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';

/**
 * Helpers the CRM generators share: what earlier steps wrote (read back from the database, so that
 * each step stands on the rows really there), creation times spread over the years, and batch sizes
 * that keep a multi-row INSERT under both engines' parameter limits.
 */

export const DAY_MS = 24 * 3_600_000;
export const YEAR_MS = 365.25 * DAY_MS;
/** How far back generated records reach (users, partners, contacts and products alike). */
export const HISTORY_YEARS = 3;

/** Anything with a creation instant, kept in creation order. */
export interface Dated {
  id: number;
  createdMs: number;
}

export interface StaffUser extends Dated {
  name: string;
  role: string;
}

/** The active accounts, oldest first: owners, assignees, creators and sales reps are chosen among them. */
export async function loadActiveUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'created_at'])
    .where('is_active', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) throw new Error('No active users: seed users first');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    createdMs: Date.parse(row.created_at),
  }));
}

/** Every user's display name by id, for history entries that name people. */
export async function loadUserNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('users').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Picks among records that already existed at a given instant: a contact is owned by someone hired
 * before it came in and is referred by a partner signed before then.
 */
export class ExistingAt<T extends Dated> {
  constructor(private readonly items: readonly T[]) {}

  get size(): number {
    return this.items.length;
  }

  /** How many items were created at or before `ms` (items are in creation order). */
  countAt(ms: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid]!.createdMs <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One item created at or before `ms`, uniformly; the oldest item when none was. */
  pickAt(rng: Rng, ms: number): T {
    const n = Math.max(1, this.countAt(ms));
    return this.items[Math.floor(rng.next() * n)]!;
  }

  /** Like pickAt but undefined when nothing existed yet. */
  maybePickAt(rng: Rng, ms: number): T | undefined {
    const n = this.countAt(ms);
    return n === 0 ? undefined : this.items[Math.floor(rng.next() * n)];
  }

  /** `count` distinct items created at or before `ms` (fewer when fewer existed). */
  pickDistinctAt(rng: Rng, ms: number, count: number): T[] {
    const n = Math.max(1, this.countAt(ms));
    const chosen = new Map<number, T>();
    for (let tries = 0; chosen.size < Math.min(count, n) && tries < count * 10; tries++) {
      const item = this.items[Math.floor(rng.next() * n)]!;
      chosen.set(item.id, item);
    }
    return [...chosen.values()];
  }
}

/**
 * The creation instant of row `i` of `count` over the `years` before `until`: one random instant per
 * equal slice keeps ids rising with time, as in a real table; `growth` above 1 puts more of them in
 * recent months, as a business that grows takes in more each year.
 */
export function creationMs(
  rng: Rng,
  i: number,
  count: number,
  until: Date,
  growth = 1.4,
  years = HISTORY_YEARS,
): number {
  const span = years * YEAR_MS;
  const share = (i + rng.next()) / count;
  return Math.floor(until.getTime() - span + span * share ** (1 / growth));
}

/** An instant between two others, both included. */
export function between(rng: Rng, fromMs: number, toMs: number): number {
  return toMs <= fromMs ? fromMs : rng.int(fromMs, toMs);
}

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Rows per multi-row INSERT for a table of `columns` columns: SQLite takes at most 32,766 bound
 * values per statement and PostgreSQL 65,535, so wide tables need smaller batches than users do.
 */
export function batchFor(columns: number, ctxBatch?: BatchOptions): BatchOptions {
  return {
    rowsPerInsert: Math.min(ctxBatch?.rowsPerInsert ?? 1000, Math.floor(30_000 / columns)),
    insertsPerTransaction: ctxBatch?.insertsPerTransaction ?? 10,
  };
}

/** A number from a log-uniform range, rounded to `step`: prices and budgets spread like real ones. */
export function logUniform(rng: Rng, min: number, max: number, step: number): number {
  const value = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return Math.max(step, Math.round(value / step) * step);
}
