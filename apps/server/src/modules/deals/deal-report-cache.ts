import { todayIso } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { dealReportsStamp } from './deal-reports.repository.js';

/** How long a report may serve with unchanged deals, for what the stamp does not see (a stage renamed). */
const REUSE_MS = 30_000;
/** Reports kept per database: each is a few kilobytes; the oldest goes first. */
const MAX_ENTRIES = 500;

interface Entry {
  stamp: string;
  at: number;
  value: Promise<unknown>;
}
const caches = new WeakMap<Db, Map<string, Entry>>();

type Report<Q, T> = (ctx: AppContext, actor: Actor, query: Q) => Promise<T>;

/**
 * A report reused while the deals are unchanged: the report screen asks for eight at once, a
 * manager's team opens it through the day, and each aggregates every deal in its scope (10 ms at
 * 60,000 deals). Keyed by the report, the scope the caller sees (every deal, or one user's) and the
 * filters; reused while the deals' history stamp and the day are the same, at most REUSE_MS. A
 * request that comes while a report is computed waits for the same answer.
 */
export function cachedReport<Q extends object, T>(name: string, compute: Report<Q, T>): Report<Q, T> {
  return async (ctx, actor, query) => {
    const stamp = `${await dealReportsStamp(ctx.db)}|${todayIso()}`;
    const key = JSON.stringify([name, isAdmin(actor) ? 'all' : actor.user.id, query]);
    let cache = caches.get(ctx.db);
    if (!cache) {
      cache = new Map();
      caches.set(ctx.db, cache);
    }
    const hit = cache.get(key);
    if (hit && hit.stamp === stamp && Date.now() - hit.at < REUSE_MS) return hit.value as Promise<T>;
    const value = compute(ctx, actor, query);
    cache.delete(key);
    cache.set(key, { stamp, at: Date.now(), value });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    const entries = cache;
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
