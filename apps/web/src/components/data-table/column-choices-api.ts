import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

/** GET /api/views/columns: the person's columns of each list they have chosen for, in order. */
export interface ListColumns {
  list: string;
  columns: string[];
}

export const columnChoicesKey = ['column-choices'] as const;

/**
 * The person's column choice for `list`, kept on the server so it follows them to any browser and
 * survives logout; undefined while it loads or when they have not chosen. The column chooser saves it.
 */
export function useColumnChoice(list: string | undefined): string[] | undefined {
  const { data } = useQuery({
    queryKey: columnChoicesKey,
    queryFn: ({ signal }) => apiJson<ListColumns[]>('/views/columns', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: list !== undefined,
  });
  return data?.find((choice) => choice.list === list)?.columns;
}
