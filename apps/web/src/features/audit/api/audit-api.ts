import type { AuditEntry } from '@crm/domain';
import { TOTAL_COUNT_HEADER } from '@crm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveDownload } from '../../../components/import-export/download-export';
import { apiFetch, apiJson } from '../../../lib/api-client';

/** What the audit page narrows by; empty strings are left out of the query. */
export interface AuditFilters {
  action: string;
  actor: string;
  from: string;
  to: string;
  address: string;
}

export const AUDIT_PAGE_SIZE = 50;

function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params;
}

export const useAuditEntries = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['audit', filters, page],
    queryFn: async ({ signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(AUDIT_PAGE_SIZE));
      params.set('offset', String(page * AUDIT_PAGE_SIZE));
      const response = await apiFetch('/audit', { params, signal });
      const rows = (await response.json()) as AuditEntry[];
      return { rows, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? rows.length) };
    },
    placeholderData: keepPreviousData,
  });

/** People to filter by: every user, by name (admins see them all). */
export const useAuditPeople = () =>
  useQuery({
    queryKey: ['audit', 'people'],
    queryFn: ({ signal }) =>
      apiJson<{ id: number; name: string }[]>('/users', {
        params: new URLSearchParams({ limit: '500', sort: 'name', order: 'asc' }),
        signal,
      }),
    staleTime: 60_000,
  });

export async function downloadAudit(filters: AuditFilters): Promise<void> {
  const response = await apiFetch('/audit/export', { params: filterParams(filters) });
  await saveDownload(response, 'audit.csv');
}
