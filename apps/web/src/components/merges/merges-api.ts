import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

export interface MergeEntry {
  id: number;
  survivorId: number;
  mergedId: number;
  mergedAt: string;
  by: string | null;
  undoneAt: string | null;
}

export type MergeKind = 'contacts' | 'agencies';

/** Under the kind's own keys, so a merge or its undo refreshes the record screens too. */
const mergesKey = (kind: MergeKind, id: number) => [kind, 'detail', id, 'merges'] as const;

/** The merges a record took part in (admins). */
export function useRecordMerges(kind: MergeKind, id: number) {
  return useQuery({
    queryKey: mergesKey(kind, id),
    queryFn: ({ signal }) => apiJson<MergeEntry[]>(`/${kind}/${id}/merges`, { signal }),
  });
}

export function useUndoMerge(kind: MergeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: number) => apiJson<unknown>(`/${kind}/merge/${mergeId}/undo`, { method: 'POST' }),
    // Both records, their lists, tabs and searches change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
