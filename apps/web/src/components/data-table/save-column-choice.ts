import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { columnChoicesKey, type ListColumns } from './column-choices-api';

/** Shows a column choice at once and keeps it on the server; null goes back to every column. */
export function saveColumnChoice(queryClient: QueryClient, list: string, columns: string[] | null): void {
  queryClient.setQueryData<ListColumns[]>(columnChoicesKey, (current = []) => [
    ...current.filter((choice) => choice.list !== list),
    ...(columns ? [{ list, columns }] : []),
  ]);
  apiJson(`/views/columns/${list}`, { method: 'PUT', body: { columns } }).catch(() => {
    toast.error('Your choice of columns could not be saved');
    void queryClient.invalidateQueries({ queryKey: columnChoicesKey });
  });
}
