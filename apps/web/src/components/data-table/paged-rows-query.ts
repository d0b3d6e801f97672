import { DEFAULT_PAGE_SIZE } from '@crm/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FetchPage, ListState } from './types';

interface PageParam {
  offset: number;
  cursor?: string;
}

export interface PagedRowsSource<T> {
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T>;
  pageSize?: number;
}

/**
 * The pages of a server list as one infinite query: each next page starts from the cursor the
 * previous one gave (an index seek however deep), or at an offset when the server gave none. A
 * capped total ("1,000+") is a floor, so a full page means there may be more. The table and a
 * route's prefetch (list-route-loader.ts) share it, so both name the same cache entry.
 */
export function pagedRowsQuery<T>(
  { queryKey, fetchPage, pageSize = DEFAULT_PAGE_SIZE }: PagedRowsSource<T>,
  state: ListState,
) {
  return infiniteQueryOptions({
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
  });
}
