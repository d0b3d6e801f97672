import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export interface ContactMergeEntry {
  id: number;
  survivorId: number;
  mergedId: number;
  mergedAt: string;
  by: string | null;
  undoneAt: string | null;
}

const mergesKey = (id: number) => [...contactKeys.all, 'detail', id, 'merges'] as const;

/** The merges a contact took part in (admins). */
export function useContactMerges(id: number, enabled: boolean) {
  return useQuery({
    queryKey: mergesKey(id),
    queryFn: ({ signal }) => apiJson<ContactMergeEntry[]>(`/contacts/${id}/merges`, { signal }),
    enabled,
  });
}

export function useUndoContactMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: number) => apiJson<unknown>(`/contacts/merge/${mergeId}/undo`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
