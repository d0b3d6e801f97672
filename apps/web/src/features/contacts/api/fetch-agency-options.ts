import { apiJson } from '../../../lib/api-client';

export interface AgencyOption {
  id: number;
  name: string;
}

export const AGENCY_OPTIONS_LIMIT = 20;

/** Active agencies whose name, e-mail or office number matches the search, 20 at most. */
export async function fetchAgencyOptions(search: string, signal?: AbortSignal): Promise<AgencyOption[]> {
  const params = new URLSearchParams({
    'filter.isActive': 'equals:true',
    limit: String(AGENCY_OPTIONS_LIMIT),
    sort: 'name',
  });
  if (search.trim()) params.set('q', search.trim());
  const agencies = await apiJson<AgencyOption[]>('/agencies', { params, signal });
  return agencies.map(({ id, name }) => ({ id, name }));
}
