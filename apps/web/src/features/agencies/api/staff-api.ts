import { MAX_PAGE_SIZE, type StaffPosition } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import { fetchListPage } from '../../../lib/list-page';
import type { ActiveAction, AgencyContact, BulkResult, StaffMember } from './agency-types';

export function fetchStaff(agencyId: number, signal?: AbortSignal): Promise<StaffMember[]> {
  return apiJson<StaffMember[]>(`/agencies/${agencyId}/staff`, { signal });
}

export function addStaff(
  agencyId: number,
  body: { contactId: number; position: StaffPosition },
): Promise<StaffMember> {
  return apiJson<StaffMember>(`/agencies/${agencyId}/staff`, { method: 'POST', body });
}

export function toggleStaff(agencyId: number, staffId: number): Promise<StaffMember> {
  return apiJson<StaffMember>(`/agencies/${agencyId}/staff/${staffId}/toggle`, { method: 'PATCH' });
}

export function bulkSetStaff(
  agencyId: number,
  staffIds: number[],
  action: ActiveAction,
): Promise<BulkResult> {
  return apiJson<BulkResult>(`/agencies/${agencyId}/staff/bulk-${action}`, {
    method: 'PATCH',
    body: { staffIds },
  });
}

/** The agency's contacts (GET /api/contacts?agencyId=…), the pool the Add Staff dialog picks from. */
export async function fetchAgencyContacts(agencyId: number, signal: AbortSignal): Promise<AgencyContact[]> {
  const page = await fetchListPage<AgencyContact>(
    '/contacts',
    { sort: 'name', order: 'asc', filters: {}, limit: MAX_PAGE_SIZE, offset: 0 },
    signal,
    { agencyId: String(agencyId) },
  );
  return page.rows;
}
