import type { DealFormInput, DealStageMove, ListQuery } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import { fetchListPage, type ListPage } from '../../../lib/list-page';
import type { AgencyDeals, ContactDeals, Deal, DealListRow, DealStage, LostReason } from './deal-types';

/** GET /api/deals: a page of deals (plain users: their own), filtered by `filter.*` and `mine`. */
export function fetchDealsPage(
  query: ListQuery,
  signal?: AbortSignal,
  extra: Record<string, string> = {},
): Promise<ListPage<DealListRow>> {
  return fetchListPage<DealListRow>('/deals', query, signal, extra);
}

export function fetchDeal(id: number, signal?: AbortSignal): Promise<Deal> {
  return apiJson<Deal>(`/deals/${id}`, { signal });
}

/** POST /api/deals when adding, PUT /api/deals/{id} (with the version it was opened at) when editing. */
export function saveDeal(id: number | undefined, body: DealFormInput, version?: number): Promise<Deal> {
  return id === undefined
    ? apiJson<Deal>('/deals', { method: 'POST', body })
    : apiJson<Deal>(`/deals/${id}`, {
        method: 'PUT',
        body: version === undefined ? body : { ...body, version },
      });
}

/** PATCH /api/deals/{id}/stage: the stage's probability unless one is given; Lost needs a reason. */
export function moveDealStage(
  id: number,
  move: Partial<Record<keyof DealStageMove, unknown>>,
): Promise<Deal> {
  return apiJson<Deal>(`/deals/${id}/stage`, { method: 'PATCH', body: move });
}

export function fetchDealStages(signal?: AbortSignal): Promise<DealStage[]> {
  return apiJson<DealStage[]>('/deal-stages', { signal });
}

export function fetchLostReasons(signal?: AbortSignal): Promise<LostReason[]> {
  return apiJson<LostReason[]>('/deal-lost-reasons', { signal });
}

export function fetchContactDeals(contactId: number, signal?: AbortSignal): Promise<ContactDeals> {
  return apiJson<ContactDeals>(`/contacts/${contactId}/deals`, { signal });
}

export function fetchAgencyDeals(agencyId: number, signal?: AbortSignal): Promise<AgencyDeals> {
  return apiJson<AgencyDeals>(`/agencies/${agencyId}/deals`, { signal });
}
