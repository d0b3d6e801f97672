import type { ColumnFilter, FilterMode, ListQuery, SortOrder, ViewList } from '@crm/domain';
import type { ReactNode } from 'react';
import type { ListPage } from '../../lib/list-page';

export type RowId = string | number;

/** Where a cell is drawn: a row of the table, or a card (screens under 768 px). */
export type RowLayout = 'row' | 'card';

export interface FilterOption {
  value: string;
  label: string;
}

/** How a column can be filtered through its header popover. */
export interface ColumnFilterConfig {
  /** Match modes offered (all three when absent); with a single mode no mode select is shown. */
  modes?: readonly FilterMode[];
  /** The mode a new filter starts with; defaults to the first offered mode. */
  defaultMode?: FilterMode;
  /** Fixed values (e.g. true/false): a select instead of a text box. */
  options?: readonly FilterOption[];
}

export interface DataTableColumn<T> {
  /** Column id; also the server's `sort` value and `filter.<key>` name. */
  key: string;
  header: string;
  /**
   * A CSS grid track, e.g. "2fr", "160px", "minmax(140px, 1fr)". Default "minmax(120px, 1fr)". The
   * table scrolls sideways only below the sum of the minimums; the column keyed "actions" stays
   * pinned to the right then.
   */
  width?: string;
  sortable?: boolean;
  filter?: ColumnFilterConfig;
  align?: 'left' | 'center' | 'right';
  /** On a card the first column is the title, "actions" sits beside it, the rest are labelled fields. */
  render: (row: T, layout: RowLayout) => ReactNode;
}

export interface ColumnSort {
  column: string;
  order: SortOrder;
}

/** Search, sort and filters of a table: everything but the page. */
export interface ListState {
  q: string;
  sort: ColumnSort | undefined;
  filters: Record<string, ColumnFilter>;
}

export type FetchPage<T> = (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;

/** What the list shows of its matches: the "Select all N matching" offer reads it. */
export interface ListTotals {
  /** Rows matching the search and filters (a floor when `capped`: the server stops counting). */
  total: number;
  capped: boolean;
  /** Rows loaded so far. */
  loaded: number;
}

/** Row selection owned by the parent (for bulk actions). */
export interface RowSelection {
  selectedIds: readonly RowId[];
  onChange: (ids: RowId[]) => void;
}

export interface DataTableProps<T> {
  /** Base query key, e.g. ['users'] or ['contacts', 'lead']; the list state is appended. */
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T>;
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => RowId;
  /**
   * The record a row opens: a click anywhere on the row (Ctrl/Cmd or middle click for a new tab).
   * The row's name column should be a `cellLink` to the same place, for keyboards and new tabs.
   */
  rowHref?: (row: T) => string;
  /** Fixed row height in px. Default 40 (ROW_HEIGHT): one line per row on every list. */
  rowHeight?: number;
  /**
   * Height of the scrolling row area in px, for a table inside a detail screen. Without it the list
   * fills the window down to its bottom edge.
   */
  height?: number;
  /** Rows per request. Default 50. */
  pageSize?: number;
  searchPlaceholder?: string;
  /** Label of the search box (visually hidden). Default "Search". */
  searchLabel?: string;
  /** Shown when no row matches. */
  emptyState: ReactNode;
  /** Shown in the table when a page fails to load, and toasted too unless `toastLoadError` is false. */
  loadErrorMessage: string;
  /** Some lists only log a failed load (001 §8: "logged only, no message"). Default true. */
  toastLoadError?: boolean;
  /** Enables checkboxes; omit to hide them. */
  selection?: RowSelection;
  /** Accessible name of a row's checkbox. Default "Select row {id}". */
  getRowLabel?: (row: T) => string;
  /**
   * Extra controls in the toolbar, e.g. bulk action buttons (on screens under 768 px, shown only
   * while rows are selected when the table has `selection`); as a function, given the list's
   * search, filters and sort as URL parameters (a table that keeps them itself, not in the URL).
   */
  toolbar?: ReactNode | ((listParams: URLSearchParams, totals: ListTotals) => ReactNode);
  /** Height of a card on screens under 768 px. Default: room for the title and every field. */
  cardHeight?: number;
  /**
   * A list screen's name: its search, filters, sort and columns then live in the URL, and the
   * toolbar offers saved views and the column chooser. Tables inside a detail screen omit it.
   */
  listId?: ViewList;
}
