import type { ColumnWidths } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { columnChoicesKey, type ListColumns } from './column-choices-api';

/** The person's columns and widths of `list` changed as `change` says, in the cache the lists read. */
function updateCached(queryClient: QueryClient, list: string, change: Partial<ListColumns>): void {
  queryClient.setQueryData<ListColumns[]>(columnChoicesKey, (current = []) => {
    const before = current.find((choice) => choice.list === list) ?? { list, columns: null, widths: {} };
    const after = { ...before, ...change };
    const kept = after.columns !== null || Object.keys(after.widths).length > 0;
    return [...current.filter((choice) => choice.list !== list), ...(kept ? [after] : [])];
  });
}

function failed(queryClient: QueryClient, message: string) {
  toast.error(message);
  void queryClient.invalidateQueries({ queryKey: columnChoicesKey });
}

/** Shows a column choice at once and keeps it on the server; null goes back to every column. */
export function saveColumnChoice(queryClient: QueryClient, list: string, columns: string[] | null): void {
  updateCached(queryClient, list, { columns });
  apiJson(`/views/columns/${list}`, { method: 'PUT', body: { columns } }).catch(() =>
    failed(queryClient, 'Your choice of columns could not be saved'),
  );
}

/** Shows resized columns at once and keeps their widths on the server; {} goes back to the list's own. */
export function saveColumnWidths(queryClient: QueryClient, list: string, widths: ColumnWidths): void {
  updateCached(queryClient, list, { widths });
  apiJson(`/views/columns/${list}/widths`, { method: 'PUT', body: { widths } }).catch(() =>
    failed(queryClient, 'Your column widths could not be saved'),
  );
}
