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

/** Rows of a server list, loaded page by page (limit/offset) as the table asks for more. */
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
          offset: pageParam,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
      return lastPage.rows.length > 0 && loaded < lastPage.total ? loaded : undefined;
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

  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, rows, total };
}
