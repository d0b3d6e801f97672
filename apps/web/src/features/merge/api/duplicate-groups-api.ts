import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { MergeKind } from './merge-api';

export interface DuplicateGroup {
  value: string;
  count: number;
  members: { id: number; type: string | null; name: string; email: string | null; phone: string }[];
}

const PAGE_SIZE = 20;

/** Groups of likely duplicates by one key of the rule, 20 groups a page, "Load more" for the next. */
export function useDuplicateGroups(kind: MergeKind, rule: string) {
  return useInfiniteQuery({
    queryKey: ['duplicates', kind, rule],
    queryFn: ({ pageParam, signal }) =>
      apiJson<{ hasMore: boolean; groups: DuplicateGroup[] }>(`/duplicates/${kind}`, {
        params: new URLSearchParams({ rule, limit: String(PAGE_SIZE), offset: String(pageParam) }),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * PAGE_SIZE : undefined),
  });
}
