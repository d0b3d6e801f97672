import { useInfiniteQuery } from '@tanstack/react-query';
import { type BoardFilters, fetchBoardColumn } from './board-api';
import { boardKeys } from './board-keys';

/** One column's cards, 50 a page by cursor, loaded further as the column scrolls. */
export function useBoardColumn(stageId: number, filters: BoardFilters) {
  return useInfiniteQuery({
    queryKey: boardKeys.column(stageId, filters),
    queryFn: ({ pageParam, signal }) => fetchBoardColumn(stageId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}
