// Without zod, so that the web app's lists build their requests without loading the schemas.
/**
 * The query every list endpoint takes: a global search `q`, one sort column, per-column filters
 * written `filter.<column>=<mode>:<value>`, and a page (`limit`, `offset`). The total goes back in
 * the `X-Total-Count` header.
 */
export const FILTER_MODES = ['equals', 'contains', 'containsIgnoreCase'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];
export type SortOrder = 'asc' | 'desc';

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * A filtered or searched list counts its matches up to TOTAL_CAP. Beyond that, X-Total-Count says
 * TOTAL_CAP and this header says `true`: "at least 1,000" (docs/decisions.md, Lists at scale).
 */
export const TOTAL_CAPPED_HEADER = 'x-total-capped';
export const TOTAL_CAP = 1_000;
/** The keyset cursor of the page after this one, when there may be one: send it back as `cursor`. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export interface ColumnFilter {
  mode: FilterMode;
  value: string;
}

export interface ListQuery {
  q?: string;
  sort?: string;
  order?: SortOrder;
  filters: Record<string, ColumnFilter>;
  limit: number;
  offset: number;
  /** Continue after the row this cursor names (from X-Next-Cursor); `offset` is then ignored. */
  cursor?: string;
}

export function encodeFilter(filter: ColumnFilter): string {
  return `${filter.mode}:${filter.value}`;
}

export function decodeFilter(raw: string): ColumnFilter | undefined {
  const colon = raw.indexOf(':');
  if (colon < 0) return undefined;
  const mode = raw.slice(0, colon);
  if (!(FILTER_MODES as readonly string[]).includes(mode)) return undefined;
  return { mode: mode as FilterMode, value: raw.slice(colon + 1) };
}

/** Turns a list query into URL parameters, leaving out what is unset. */
export function listQueryParams(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'asc');
  }
  for (const [column, filter] of Object.entries(query.filters ?? {})) {
    if (filter.value !== '') params.set(`filter.${column}`, encodeFilter(filter));
  }
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  else if (query.offset !== undefined) params.set('offset', String(query.offset));
  return params;
}
