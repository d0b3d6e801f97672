import { DEFAULT_PAGE_SIZE } from '@crm/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FetchPage, ListState, RowId } from './types';

interface PagedRowsOptions<T> {
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T>;
  getRowId: (row: T) => RowId;
  state: ListState;
  pageSize?: number;
}

interface PageParam {
  offset: number;
  cursor?: string;
}

/**
 * Rows of a server list, loaded page by page as the table asks for more: each next page starts
 * from the cursor the previous one gave (an index seek however deep), or at an offset when the
 * server gave none. A capped total ("10,000+") is a floor, so a full page means there may be more.
 */
export function usePagedRows<T>({
  queryKey,
  fetchPage,
  getRowId,
  state,
  pageSize = DEFAULT_PAGE_SIZE,
}: PagedRowsOptions<T>) {
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'list', state, pageSize],
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        {
          q: state.q,
          sort: state.sort?.column,
          order: state.sort?.order,
          filters: state.filters,
          limit: pageSize,
          offset: pageParam.offset,
          cursor: pageParam.cursor,
        },
        signal,
      ),
    initialPageParam: { offset: 0 } as PageParam,
    getNextPageParam: (lastPage, pages): PageParam | undefined => {
      const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
      const more = lastPage.capped ? lastPage.rows.length >= pageSize : loaded < lastPage.total;
      return lastPage.rows.length > 0 && more ? { offset: loaded, cursor: lastPage.nextCursor } : undefined;
    },
    placeholderData: keepPreviousData,
  });

  // Offsets shift when rows are added or removed between two page loads: keep each row once.
  const rows = useMemo(() => {
    const byId = new Map<RowId, T>();
    for (const page of query.data?.pages ?? []) {
      for (const row of page.rows) if (!byId.has(getRowId(row))) byId.set(getRowId(row), row);
    }
    return [...byId.values()];
  }, [query.data, getRowId]);

  const last = query.data?.pages.at(-1);
  const capped = last?.capped === true;
  const total = capped ? Math.max(last?.total ?? 0, rows.length) : (last?.total ?? 0);
  return { query, rows, total, capped };
}
