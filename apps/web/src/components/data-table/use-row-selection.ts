import { useCallback, useMemo, useState } from 'react';
import type { RowId, RowSelection } from './types';

/**
 * A selection that may stand for every row the list matches, loaded or not ("Select all N
 * matching"): bulk actions then send the list's parameters instead of ids.
 */
export interface BulkRowSelection extends RowSelection {
  allMatching: boolean;
}

const isBulk = (selection: RowSelection | undefined): selection is BulkRowSelection =>
  selection !== undefined && 'allMatching' in selection;

/** Selection helpers over the parent-owned list of selected ids. */
export function useRowSelection<T>(
  selection: RowSelection | undefined,
  rows: readonly T[],
  getRowId: (row: T) => RowId,
) {
  const allMatching = isBulk(selection) && selection.allMatching;
  // Every row the list matches is selected: the rows loaded while scrolling are too.
  const selected = useMemo(
    () => new Set(allMatching ? rows.map(getRowId) : (selection?.selectedIds ?? [])),
    [allMatching, rows, getRowId, selection?.selectedIds],
  );
  const loadedSelected = useMemo(
    () => rows.filter((row) => selected.has(getRowId(row))).length,
    [rows, selected, getRowId],
  );

  const toggleRow = useCallback(
    (id: RowId) => {
      if (!selection) return;
      // Unticking one row of "all matching" leaves the loaded rows but that one.
      const current = allMatching ? rows.map(getRowId) : selection.selectedIds;
      selection.onChange(
        selected.has(id) ? current.filter((other) => other !== id) : [...selection.selectedIds, id],
      );
    },
    [selection, selected, allMatching, rows, getRowId],
  );

  const toggleAll = useCallback(() => {
    if (!selection) return;
    selection.onChange(allMatching || loadedSelected >= rows.length ? [] : rows.map(getRowId));
  }, [selection, allMatching, loadedSelected, rows, getRowId]);

  return { selected, loadedSelected, toggleRow, toggleAll };
}

export interface BulkSelectionState {
  /** What the table's `selection` takes. */
  selection: BulkRowSelection;
  /** The chosen ids (when not all matching). */
  ids: number[];
  allMatching: boolean;
  /** How many records the selection stands for: the matches when all of them are chosen. */
  count: number;
  /** Chooses every record the list matches: `matching` of them. */
  selectAllMatching: (matching: number) => void;
  clear: () => void;
}

const NONE: RowId[] = [];

/** A list page's selection, by ids or of every matching record. Any change by hand leaves "all matching". */
export function useBulkSelection(): BulkSelectionState {
  const [selectedIds, setSelectedIds] = useState<RowId[]>(NONE);
  const [matching, setMatching] = useState<number | null>(null);
  const onChange = useCallback((ids: RowId[]) => {
    setMatching(null);
    setSelectedIds(ids);
  }, []);
  const clear = useCallback(() => onChange(NONE), [onChange]);
  const selection = useMemo(
    () => ({ selectedIds, onChange, allMatching: matching !== null }),
    [selectedIds, onChange, matching],
  );
  const ids = useMemo(() => selectedIds.map(Number), [selectedIds]);
  return {
    selection,
    ids,
    allMatching: matching !== null,
    count: matching ?? selectedIds.length,
    selectAllMatching: setMatching,
    clear,
  };
}
