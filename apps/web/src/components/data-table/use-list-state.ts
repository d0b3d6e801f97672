import type { ColumnFilter } from '@crm/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColumnSort, ListState } from './types';

export const SEARCH_DEBOUNCE_MS = 300;

/** Next sort after a click: ascending, then descending, then none; another column starts ascending. */
export function nextSort(current: ColumnSort | undefined, column: string): ColumnSort | undefined {
  if (current?.column !== column) return { column, order: 'asc' };
  return current.order === 'asc' ? { column, order: 'desc' } : undefined;
}

/**
 * Search (debounced), sort and column filters of a table. `onChange` runs on every change so the
 * table can scroll back to the top and drop a selection that no longer matches.
 */
export function useListState(onChange: () => void) {
  const [searchInput, setSearchInputState] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(searchInput), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput]);
  const [sort, setSort] = useState<ColumnSort | undefined>();
  const [filters, setFilters] = useState<Record<string, ColumnFilter>>({});

  const setSearchInput = useCallback(
    (value: string) => {
      setSearchInputState(value);
      onChange();
    },
    [onChange],
  );

  const toggleSort = useCallback(
    (column: string) => {
      setSort((current) => nextSort(current, column));
      onChange();
    },
    [onChange],
  );

  const setFilter = useCallback(
    (column: string, filter: ColumnFilter | undefined) => {
      setFilters((current) => {
        const { [column]: _removed, ...rest } = current;
        return filter && filter.value !== '' ? { ...rest, [column]: filter } : rest;
      });
      onChange();
    },
    [onChange],
  );

  const clearAll = useCallback(() => {
    setSearchInputState('');
    setQ('');
    setSort(undefined);
    setFilters({});
    onChange();
  }, [onChange]);

  const state = useMemo<ListState>(() => ({ q: q.trim(), sort, filters }), [q, sort, filters]);
  const isActive = searchInput.trim() !== '' || sort !== undefined || Object.keys(filters).length > 0;

  return { state, searchInput, setSearchInput, toggleSort, setFilter, clearAll, isActive };
}
