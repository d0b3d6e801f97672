import { listQueryParams } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import type { CompanyRef } from './product-types';

const PARTNER_OPTIONS_LIMIT = 20;

/** Active partners whose name matches `search`, for the real estate company picker. */
export async function searchPartners(search: string, signal?: AbortSignal): Promise<CompanyRef[]> {
  const params = listQueryParams({
    q: search,
    sort: 'name',
    order: 'asc',
    filters: { isActive: { mode: 'equals', value: 'true' } },
    limit: PARTNER_OPTIONS_LIMIT,
    offset: 0,
  });
  const partners = await apiJson<CompanyRef[]>('/agencies', { params, signal });
  return partners.map(({ id, name }) => ({ id, name }));
}
