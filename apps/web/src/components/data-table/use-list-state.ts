import type { ColumnFilter } from '@crm/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readColumns, readListState, writeColumns, writeListState } from './list-params';
import type { ColumnSort, ListState } from './types';
import { useListParams } from './use-list-params';

/**
 * The pause after a keystroke before a list searches: short enough that the matches show within
 * 300 ms of the last keystroke (the answer takes tens of milliseconds at a million contacts), long
 * enough that a word typed at speed is one request, not one per letter.
 */
export const SEARCH_DEBOUNCE_MS = 100;

/** Searches written to the URL and not yet seen coming back, kept at most (a burst of typing). */
const MAX_PENDING = 50;

/** Next sort after a click: ascending, then descending, then none; another column starts ascending. */
export function nextSort(current: ColumnSort | undefined, column: string): ColumnSort | undefined {
  if (current?.column !== column) return { column, order: 'asc' };
  return current.order === 'asc' ? { column, order: 'desc' } : undefined;
}

/**
 * Search (debounced), sort, column filters and chosen columns of a table, kept in the URL when
 * `inUrl`. `onChange` runs on every change so the table can scroll back to the top and drop a
 * selection that no longer matches.
 */
export function useListState(onChange: () => void, inUrl = false) {
  const [params, update] = useListParams(inUrl);
  const paramsKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed state changes with the URL text only
  const state = useMemo<ListState>(() => readListState(params), [paramsKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const columns = useMemo(() => readColumns(params), [paramsKey]);

  // The box owns what is typed; the URL (and the query) follow after a pause. The URL coming back
  // with what this list wrote is its own echo and leaves the box alone: taking it for a change would
  // put an older search back in a box someone is still typing in. The router applies URL changes as
  // transitions, so on a slow machine an echo can arrive after later searches were written: every
  // search written and not yet echoed counts as this list's own. A change of the URL from outside
  // (a view picked, Back) puts its search in the box.
  const [searchInput, setSearchInputState] = useState(state.q);
  const typed = useRef(state.q);
  const written = useRef<string[]>([state.q]);
  useEffect(() => {
    const echo = written.current.lastIndexOf(state.q);
    if (echo >= 0) {
      written.current = written.current.slice(echo);
      return;
    }
    written.current = [state.q];
    typed.current = state.q;
    setSearchInputState(state.q);
  }, [state.q]);
  const applySearch = useCallback(
    (value: string) => {
      const search = value.trim();
      const pending = written.current;
      if (pending[pending.length - 1] !== search) written.current = [...pending.slice(-MAX_PENDING), search];
      update((current) => {
        if ((current.get('q') ?? '') === value.trim()) return current;
        const next = writeListState(current, { q: value });
        next.delete('view');
        return next;
      });
    },
    [update],
  );
  useEffect(() => {
    const timer = window.setTimeout(() => applySearch(searchInput), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, applySearch]);
  /**
   * Leaving the box searches at once. A click elsewhere (a row's menu, a link) then never races the
   * pause: a search settling just after View was chosen would replace that navigation with the list's
   * own address, since the navigation has not rendered yet when the timer fires.
   */
  const commitSearch = useCallback(() => applySearch(typed.current), [applySearch]);

  /** A change by hand: the list no longer shows the saved view as it was. */
  const change = useCallback(
    (patch: Partial<ListState>) => {
      update((current) => {
        const next = writeListState(current, patch);
        next.delete('view');
        return next;
      });
      onChange();
    },
    [update, onChange],
  );

  const setSearchInput = useCallback(
    (value: string) => {
      typed.current = value;
      setSearchInputState(value);
      onChange();
    },
    [onChange],
  );

  const toggleSort = useCallback(
    (column: string) => change({ sort: nextSort(state.sort, column) }),
    [change, state.sort],
  );

  const setFilter = useCallback(
    (column: string, filter: ColumnFilter | undefined) => {
      const { [column]: _removed, ...rest } = state.filters;
      change({ filters: filter && filter.value !== '' ? { ...rest, [column]: filter } : rest });
    },
    [change, state.filters],
  );

  const setColumns = useCallback(
    (chosen: string[] | null) => update((current) => writeColumns(current, chosen)),
    [update],
  );

  /** Shows other parameters (a saved view's) as they are. */
  const replaceParams = useCallback(
    (next: URLSearchParams) => {
      update(() => next);
      onChange();
    },
    [update, onChange],
  );

  const clearAll = useCallback(() => {
    typed.current = '';
    written.current = [...written.current.slice(-MAX_PENDING), ''];
    setSearchInputState('');
    update((current) => {
      const next = writeListState(current, { q: '', sort: undefined, filters: {} });
      next.delete('view');
      return next;
    });
    onChange();
  }, [update, onChange]);

  const isActive =
    searchInput.trim() !== '' || state.sort !== undefined || Object.keys(state.filters).length > 0;

  return {
    state,
    params,
    columns,
    searchInput,
    setSearchInput,
    commitSearch,
    toggleSort,
    setFilter,
    setColumns,
    replaceParams,
    clearAll,
    isActive,
  };
}
