import { useCallback, useMemo } from 'react';
import type { RowId, RowSelection } from './types';

/** Selection helpers over the parent-owned list of selected ids. */
export function useRowSelection<T>(
  selection: RowSelection | undefined,
  rows: readonly T[],
  getRowId: (row: T) => RowId,
) {
  const selected = useMemo(() => new Set(selection?.selectedIds ?? []), [selection?.selectedIds]);
  const loadedSelected = useMemo(
    () => rows.filter((row) => selected.has(getRowId(row))).length,
    [rows, selected, getRowId],
  );

  const toggleRow = useCallback(
    (id: RowId) => {
      if (!selection) return;
      selection.onChange(
        selected.has(id)
          ? selection.selectedIds.filter((other) => other !== id)
          : [...selection.selectedIds, id],
      );
    },
    [selection, selected],
  );

  const toggleAll = useCallback(() => {
    if (!selection) return;
    selection.onChange(loadedSelected >= rows.length ? [] : rows.map(getRowId));
  }, [selection, loadedSelected, rows, getRowId]);

  return { selected, loadedSelected, toggleRow, toggleAll };
}
