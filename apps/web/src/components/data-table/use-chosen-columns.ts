import { useMemo } from 'react';
import { useColumnChoice } from './column-choices-api';
import type { DataTableColumn } from './types';

/** Row actions are not a column of data: always shown, last. */
const isFixed = <T>(column: DataTableColumn<T>) => column.header === '' || column.key === 'actions';

/**
 * The columns a list shows: those in the URL (a link or a saved view), else the person's own
 * choice for this list (kept on the server), else all. Row actions are not choosable and always
 * close the row.
 */
export function useChosenColumns<T>(
  list: string | undefined,
  columns: readonly DataTableColumn<T>[],
  fromUrl: string[] | null,
  setUrlColumns: (keys: string[] | null) => void,
) {
  const stored = useColumnChoice(list);
  const choosable = useMemo(() => columns.filter((column) => !isFixed(column)), [columns]);
  const chosenKeys = fromUrl ? fromUrl.join(',') : (stored?.join(',') ?? '');

  const visible = useMemo(() => {
    if (!list || !chosenKeys) return columns;
    const picked = chosenKeys.split(',').flatMap((key) => choosable.filter((column) => column.key === key));
    if (picked.length === 0) return columns;
    return [...picked, ...columns.filter(isFixed)];
  }, [list, chosenKeys, columns, choosable]);

  // The chooser keeps the choice on the server (save-column-choice.ts); the URL shows it at once.
  const choose = (keys: string[] | null) => setUrlColumns(keys);

  const shown = visible.filter((column) => !isFixed(column)).map((column) => column.key);
  return { visible, choosable, shown, choose };
}
