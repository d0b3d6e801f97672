import { useMemo } from 'react';
import { readItem, writeItem } from '../../lib/local-storage';
import { useSession } from '../../lib/session-context';
import type { DataTableColumn } from './types';

const storageKey = (userId: number, list: string) => `list-columns:${userId}:${list}`;
/** Row actions are not a column of data: always shown, last. */
const isFixed = <T>(column: DataTableColumn<T>) => column.header === '' || column.key === 'actions';

/**
 * The columns a list shows: those in the URL (a link or a saved view), else the person's own
 * choice for this list on this browser, else all. Row actions are not choosable and always close
 * the row.
 */
export function useChosenColumns<T>(
  list: string | undefined,
  columns: readonly DataTableColumn<T>[],
  fromUrl: string[] | null,
  setUrlColumns: (keys: string[] | null) => void,
) {
  const userId = useSession().user?.id;
  const choosable = useMemo(() => columns.filter((column) => !isFixed(column)), [columns]);
  const stored = list && userId !== undefined ? readItem(storageKey(userId, list)) : null;
  const chosenKeys = fromUrl ? fromUrl.join(',') : stored || '';

  const visible = useMemo(() => {
    if (!list || !chosenKeys) return columns;
    const picked = chosenKeys.split(',').flatMap((key) => choosable.filter((column) => column.key === key));
    if (picked.length === 0) return columns;
    return [...picked, ...columns.filter(isFixed)];
  }, [list, chosenKeys, columns, choosable]);

  const choose = (keys: string[] | null) => {
    if (list && userId !== undefined) writeItem(storageKey(userId, list), keys ? keys.join(',') : '');
    setUrlColumns(keys);
  };

  const shown = visible.filter((column) => !isFixed(column)).map((column) => column.key);
  return { visible, choosable, shown, choose };
}
