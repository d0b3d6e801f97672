import type { AgencyForm, ListQuery } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import { fetchListPage, type ListPage } from '../../../lib/list-page';
import type {
  ActiveAction,
  Agency,
  AgencyCustomer,
  AgencyDetail,
  AgencyDuplicates,
  BulkResult,
} from './agency-types';

export function fetchAgenciesPage(query: ListQuery, signal: AbortSignal): Promise<ListPage<Agency>> {
  return fetchListPage<Agency>('/agencies', query, signal);
}

export function fetchAgency(id: number, signal?: AbortSignal): Promise<AgencyDetail> {
  return apiJson<AgencyDetail>(`/agencies/${id}`, { signal });
}

/**
 * POST /api/agencies when creating; PUT /api/agencies/{id} when editing, with only the changed fields
 * and the version the dialog opened (409 when one of them was changed meanwhile).
 */
export function saveAgency(
  id: number | undefined,
  body: AgencyForm | (Partial<AgencyForm> & { version: number }),
): Promise<AgencyDetail> {
  return id === undefined
    ? apiJson<AgencyDetail>('/agencies', { method: 'POST', body })
    : apiJson<AgencyDetail>(`/agencies/${id}`, { method: 'PUT', body });
}

export function setAgencyActive(id: number, action: ActiveAction): Promise<Agency> {
  return apiJson<Agency>(`/agencies/${id}/status/${action}`, { method: 'PUT' });
}

export function bulkSetAgencies(ids: number[], action: ActiveAction): Promise<BulkResult> {
  return apiJson<BulkResult>(`/agencies/bulk-${action}`, { method: 'PUT', body: { ids } });
}

export function fetchAgencyDuplicates(id: number, signal?: AbortSignal): Promise<AgencyDuplicates> {
  return apiJson<AgencyDuplicates>(`/agencies/${id}/duplicates`, { signal });
}

export function fetchCustomersPage(
  agencyId: number,
  query: ListQuery,
  signal: AbortSignal,
): Promise<ListPage<AgencyCustomer>> {
  return fetchListPage<AgencyCustomer>(`/agencies/${agencyId}/customers`, query, signal);
}
