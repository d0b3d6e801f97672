import {
  type ListQuery,
  listQueryParams,
  NEXT_CURSOR_HEADER,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@crm/domain';
import { apiFetch } from './api-client';

/** One page of a server list and the total number of matching rows. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  /** The total is a floor: the server stopped counting there ("1,000+ results"). */
  capped?: boolean;
  /** Where the next page starts (X-Next-Cursor); absent on the last page. */
  nextCursor?: string;
}

/**
 * Fetches one page of a list endpoint (docs/api.md "Lists"): the query becomes `q`, `sort`,
 * `order`, `filter.*`, `limit` and `offset` or `cursor`; the total comes from the X-Total-Count header.
 * `extra` adds fixed parameters such as `type=lead`.
 */
export async function fetchListPage<T>(
  path: string,
  query: ListQuery,
  signal?: AbortSignal,
  extra: Record<string, string> = {},
): Promise<ListPage<T>> {
  const params = listQueryParams(query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const response = await apiFetch(path, { params, signal });
  const rows = ((await response.json()) as T[] | null) ?? [];
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const counted = header === null ? Number.NaN : Number(header);
  // Without the header, a short page means the end of the list.
  const total = Number.isFinite(counted)
    ? counted
    : query.offset + rows.length + (rows.length < query.limit ? 0 : 1);
  const nextCursor = response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
  return { rows, total, capped: response.headers.get(TOTAL_CAPPED_HEADER) === 'true', nextCursor };
}
