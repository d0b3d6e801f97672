import { apiJson } from '../../../lib/api-client';
import type { CountedRecord } from './dashboard-types';

const COUNT_CALLS: Record<CountedRecord, { path: string; params?: Record<string, string> }> = {
  leads: { path: '/contacts/count', params: { type: 'lead' } },
  customers: { path: '/contacts/count', params: { type: 'customer' } },
  agencies: { path: '/agencies/count' },
};

/** GET contacts/count?type=lead|customer or agencies/count (000 §7). */
export async function fetchCount(what: CountedRecord, signal?: AbortSignal): Promise<number> {
  const { path, params } = COUNT_CALLS[what];
  const answer = await apiJson<{ count: number }>(path, { params: new URLSearchParams(params), signal });
  return answer.count;
}
