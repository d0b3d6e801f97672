import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type PagedRowsSource, pagedRowsQuery } from './paged-rows-query';
import type { ListState, RowId } from './types';

interface PagedRowsOptions<T> extends PagedRowsSource<T> {
  getRowId: (row: T) => RowId;
  state: ListState;
}

/** Rows of a server list, loaded page by page as the table asks for more (paged-rows-query.ts). */
export function usePagedRows<T>({ getRowId, state, ...source }: PagedRowsOptions<T>) {
  const query = useInfiniteQuery({ ...pagedRowsQuery(source, state), placeholderData: keepPreviousData });

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
