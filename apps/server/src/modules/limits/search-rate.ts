import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { TokenBuckets } from '../../lib/token-buckets.js';
import { limitMessages } from './limit-messages.js';

/** The command palette's route; every other GET with a search text `q` is a list search (or an export). */
const PALETTE_ROUTE = '/api/search';
const EXPORTS_ROUTE = '/api/exports/';

/**
 * A preHandler for the signed-in routes: a person's list searches (a list request with a search
 * text) and palette lookups each draw on a bucket of SEARCH_BURST tokens refilled at
 * SEARCHES_PER_SECOND; an empty bucket answers 429 with Retry-After. Lists without a search text
 * are not counted, nor are exports (they have their own limit); SEARCHES_PER_SECOND=0 counts
 * nothing. The buckets are this process's: a person spread over several processes gets each
 * process's rate (docs/decisions.md, "Fair share").
 */
export function searchRateHook(config: Config): (request: FastifyRequest) => Promise<void> {
  const { searchesPerSecond, searchBurst } = config.fairShare;
  if (searchesPerSecond === 0) return async () => {};
  const lists = new TokenBuckets(searchesPerSecond, searchBurst);
  const palette = new TokenBuckets(searchesPerSecond, searchBurst);
  return async (request) => {
    if (request.method !== 'GET' || !request.auth) return;
    const q = (request.query as { q?: unknown } | undefined)?.q;
    if (typeof q !== 'string' || q.trim() === '') return;
    const route = request.routeOptions.url ?? '';
    if (route.startsWith(EXPORTS_ROUTE)) return;
    const isPalette = route === PALETTE_ROUTE;
    const wait = (isPalette ? palette : lists).take(String(request.auth.user.id));
    if (wait === 0) return;
    const message = isPalette ? limitMessages.lookups(wait) : limitMessages.searches(wait);
    throw tooManyRequests(message, { 'retry-after': String(wait) });
  };
}
