import type { ListViewState, ViewList } from '@crm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

export interface SavedView {
  id: number;
  list: ViewList;
  name: string;
  shared: boolean;
  state: ListViewState;
  owner: { id: number; name: string };
  mine: boolean;
}

const viewKeys = { list: (list: ViewList) => ['views', list] as const };

export function useSavedViews(list: ViewList) {
  return useQuery({
    queryKey: viewKeys.list(list),
    queryFn: ({ signal }) =>
      apiJson<SavedView[]>('/views', { params: new URLSearchParams({ list }), signal }),
  });
}

export function useSaveView(list: ViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; shared: boolean; state: ListViewState }) =>
      apiJson<SavedView>('/views', { method: 'POST', body: { list, ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.list(list) }),
  });
}

export function useDeleteView(list: ViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<undefined>(`/views/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.list(list) }),
  });
}
