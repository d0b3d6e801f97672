import { MAX_PAGE_SIZE } from '@crm/domain';
import { fetchListPage } from '../../../lib/list-page';
import type { Agency, UserOption } from './agency-types';

/** How many agencies the parent picker offers for one search text. */
export const PARENT_OPTIONS_LIMIT = 50;

/** Agencies whose name matches `search`, for the parent picker (the server searches, not the browser). */
export async function fetchParentOptions(search: string, signal: AbortSignal): Promise<Agency[]> {
  const page = await fetchListPage<Agency>(
    '/agencies',
    { q: search, sort: 'name', order: 'asc', filters: {}, limit: PARENT_OPTIONS_LIMIT, offset: 0 },
    signal,
  );
  return page.rows;
}

/** Active users, for the sales rep pickers; the user table is small enough for one page. */
export async function fetchSalesRepOptions(signal: AbortSignal): Promise<UserOption[]> {
  const page = await fetchListPage<UserOption>(
    '/users',
    {
      sort: 'name',
      order: 'asc',
      filters: { isActive: { mode: 'equals', value: 'true' } },
      limit: MAX_PAGE_SIZE,
      offset: 0,
    },
    signal,
  );
  return page.rows.map(({ id, name }) => ({ id, name }));
}
