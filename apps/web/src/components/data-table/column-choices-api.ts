import type { ColumnWidths } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

/**
 * GET /api/views/columns: the person's columns of each list they have chosen for, in order (null:
 * every column), and the widths they gave its columns.
 */
export interface ListColumns {
  list: string;
  columns: string[] | null;
  widths: ColumnWidths;
}

export const columnChoicesKey = ['column-choices'] as const;

const NO_WIDTHS: ColumnWidths = {};

function useColumnChoices(list: string | undefined): ListColumns | undefined {
  const { data } = useQuery({
    queryKey: columnChoicesKey,
    queryFn: ({ signal }) => apiJson<ListColumns[]>('/views/columns', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: list !== undefined,
  });
  return data?.find((choice) => choice.list === list);
}

/**
 * The person's column choice for `list`, kept on the server so it follows them to any browser and
 * survives logout; undefined while it loads or when they have not chosen. The column chooser saves it.
 */
export function useColumnChoice(list: string | undefined): string[] | undefined {
  return useColumnChoices(list)?.columns ?? undefined;
}

/** The widths the person gave the columns of `list` (kept like the column choice); {} for none. */
export function useStoredColumnWidths(list: string | undefined): ColumnWidths {
  return useColumnChoices(list)?.widths ?? NO_WIDTHS;
}
