import { type ColumnFilter, decodeFilter, encodeFilter, type ListViewState } from '@crm/domain';
import type { ListState } from './types';

/**
 * A list's state as URL parameters, so a reload, a shared link or Back shows the same list:
 * `q`, `sort` and `order`, `f.<column>=<mode>:<value>`, `cols` (chosen columns in order) and
 * `view` (the saved view it came from).
 */
const FILTER_PREFIX = 'f.';

export function readListState(params: URLSearchParams): ListState {
  const filters: Record<string, ColumnFilter> = {};
  for (const [key, raw] of params) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const filter = decodeFilter(raw);
    if (filter && filter.value !== '') filters[key.slice(FILTER_PREFIX.length)] = filter;
  }
  const column = params.get('sort');
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  return { q: params.get('q')?.trim() ?? '', sort: column ? { column, order } : undefined, filters };
}

export function readColumns(params: URLSearchParams): string[] | null {
  const raw = params.get('cols');
  return raw ? raw.split(',').filter(Boolean) : null;
}

export function writeListState(params: URLSearchParams, state: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (state.q !== undefined) {
    if (state.q.trim()) next.set('q', state.q.trim());
    else next.delete('q');
  }
  if ('sort' in state) {
    if (state.sort) {
      next.set('sort', state.sort.column);
      next.set('order', state.sort.order);
    } else {
      next.delete('sort');
      next.delete('order');
    }
  }
  if (state.filters) {
    for (const key of [...next.keys()]) if (key.startsWith(FILTER_PREFIX)) next.delete(key);
    for (const [column, filter] of Object.entries(state.filters)) {
      if (filter.value !== '') next.set(`${FILTER_PREFIX}${column}`, encodeFilter(filter));
    }
  }
  return next;
}

export function writeColumns(params: URLSearchParams, columns: string[] | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (columns) next.set('cols', columns.join(','));
  else next.delete('cols');
  return next;
}

/** The URL parameters of a saved view's state. */
export function paramsOfView(id: number, state: ListViewState): URLSearchParams {
  let params = writeListState(new URLSearchParams(), {
    q: state.q,
    sort: state.sort ?? undefined,
    filters: state.filters,
  });
  params = writeColumns(params, state.columns);
  params.set('view', String(id));
  return params;
}

/** The state a view saves: what the URL shows now. */
export function viewStateOf(params: URLSearchParams): ListViewState {
  const { q, sort, filters } = readListState(params);
  return { q, sort: sort ?? null, filters, columns: readColumns(params) };
}
