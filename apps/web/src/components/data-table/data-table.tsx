import { Center, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  lazy,
  type MouseEvent,
  Suspense,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import classes from './data-table.module.css';
import { CardControls, DataTableCard, defaultCardHeight } from './data-table-cards';
import { DataTableRow, LoadingMoreRow, PINNED_COLUMN, ROW_HEIGHT, rowStyle } from './data-table-row';
import { DataTableToolbar } from './data-table-toolbar';
import { HeaderCell } from './header-cell';
import { PositionIndicator } from './position-indicator';
import { openClickedRow } from './row-click';
import { SelectAllCheckbox } from './selection-checkbox';
import { showWholeValue } from './show-whole-value';
import type { DataTableProps, RowId } from './types';
import { useChosenColumns } from './use-chosen-columns';
import { useColumnWidths } from './use-column-widths';
import { useFillHeight } from './use-fill-height';
import { useListState } from './use-list-state';
import { usePagedRows } from './use-paged-rows';
import { useRowSelection } from './use-row-selection';

// Saved views and the column chooser follow the rows: the list shows its data first.
const ViewPicker = lazy(async () => ({ default: (await import('../saved-views/view-picker')).ViewPicker }));
const ColumnChooser = lazy(async () => ({ default: (await import('./column-chooser')).ColumnChooser }));

const HEADER_HEIGHT = 40;
const CHECKBOX_TRACK = '40px';
const DEFAULT_TRACK = 'minmax(120px, 1fr)';
/** Under 768 px every list is a column of cards. */
const CARDS_QUERY = '(max-width: 47.99em)';
/** A list that fills the window is never shorter than this (header and about six rows). */
const MIN_FILL_HEIGHT = 280;
/** The height of a list in a box of its own before it has measured the window. */
const DEFAULT_HEIGHT = 600;
/** The position indicator stays this long after the last scroll. */
const POSITION_SHOWN_MS = 1500;

/** The smallest width of a grid track: "160px" or the first argument of "minmax(140px, 1fr)". */
function trackMinimum(track: string): number {
  const match = /^minmax\(\s*(\d+)px/.exec(track) ?? /^(\d+)px$/.exec(track);
  return match ? Number(match[1]) : 0;
}
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 10;

/** Marks the scroller while some columns sit to the right of what it shows (see the CSS). */
function markHiddenColumns(element: HTMLElement): void {
  const hidden = element.scrollLeft < element.scrollWidth - element.clientWidth - 1;
  if (hidden !== 'moreRight' in element.dataset) element.toggleAttribute('data-more-right', hidden);
}

/**
 * A server-fed list: search, per-column sort and filters, pages of rows loaded while scrolling
 * and rendered virtually at a fixed row height.
 */
export function DataTable<T>({
  queryKey,
  fetchPage,
  columns: allColumns,
  listId,
  getRowId,
  rowHeight = ROW_HEIGHT,
  height,
  pageSize,
  searchPlaceholder,
  searchLabel = 'Search',
  emptyState,
  loadErrorMessage,
  toastLoadError = true,
  selection,
  getRowLabel,
  toolbar,
  cardHeight,
  rowHref,
}: DataTableProps<T>) {
  const navigate = useNavigate();
  const openRow = useCallback((event: MouseEvent) => openClickedRow(event, navigate), [navigate]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  const onListChange = useCallback(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    const current = selectionRef.current;
    if (current && current.selectedIds.length > 0) current.onChange([]);
  }, []);
  const list = useListState(onListChange, listId !== undefined);
  const chosen = useChosenColumns(listId, allColumns, list.columns, list.setColumns);
  const columns = chosen.visible;
  const resizing = useColumnWidths(listId);
  const fillHeight = useFillHeight(scrollRef, height === undefined, MIN_FILL_HEIGHT);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const itemHeight = cards ? (cardHeight ?? defaultCardHeight(columns)) : rowHeight;
  const { query, rows, total, capped } = usePagedRows({
    queryKey,
    fetchPage,
    getRowId,
    state: list.state,
    pageSize,
  });
  // Rows are not deferred (useDeferredValue): a deferred first page reached the screen seconds
  // after its answer on a busy machine, past the 1 s the first rows must show within.
  const picked = useRowSelection(selection, rows, getRowId);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const virtualizer = useVirtualizer({
    // The "loading more" row follows rows only: not while the first page is still being rendered.
    count: hasNextPage && rows.length > 0 ? rows.length + 1 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemHeight,
    overscan: 4,
  });
  useEffect(() => {
    // Rows and cards differ in height: positions are worked out again when the layout changes.
    if (itemHeight > 0) virtualizer.measure();
  }, [itemHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (
      lastIndex >= rows.length - PREFETCH_ROWS &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === 0) return;
    if (toastLoadError) toast.error(loadErrorMessage);
    else console.error(loadErrorMessage, query.error);
  }, [isError, errorUpdatedAt, loadErrorMessage, toastLoadError, query.error]);

  const trackOf = (column: (typeof columns)[number]) => {
    const resized = resizing.widths[column.key];
    return resized === undefined ? (column.width ?? DEFAULT_TRACK) : `${resized}px`;
  };
  const tracks = [selection ? CHECKBOX_TRACK : null, ...columns.map(trackOf)];
  const gridTemplateColumns = tracks.filter((track) => track !== null).join(' ');
  // Wide enough for every column's minimum; below it the table scrolls sideways, actions pinned.
  const minWidth = tracks.reduce((sum, track) => sum + (track ? trackMinimum(track) : 0), 0);
  const selectAll = selection && {
    loadedCount: rows.length,
    selectedCount: picked.loadedSelected,
    onToggle: picked.toggleAll,
  };
  // One toggle for every row, reading the selection as it is when clicked (rows keep it across renders).
  const toggleRowRef = useRef(picked.toggleRow);
  toggleRowRef.current = picked.toggleRow;
  const onToggleRow = useCallback((id: RowId) => toggleRowRef.current(id), []);
  const checkboxOf = (row: T, id: RowId) =>
    selection && {
      label: getRowLabel ? getRowLabel(row) : `Select row ${id}`,
      checked: picked.selected.has(id),
      onToggle: () => onToggleRow(id),
    };
  const firstLoad = query.isPending;
  const showEmpty = !firstLoad && !query.isError && rows.length === 0;
  // A list screen fills the window; a table inside a detail screen keeps the height it asks for.
  const scrollerHeight = height !== undefined ? height + HEADER_HEIGHT : (fillHeight ?? DEFAULT_HEIGHT);
  const bodyHeight = scrollerHeight - (cards ? 0 : HEADER_HEIGHT);
  // On a phone the bulk actions show only once something is selected, so that the cards come first.
  const toolbarShown = !cards || !selection || selection.selectedIds.length > 0;

  const [position, setPosition] = useState<{ first: number; last: number } | null>(null);
  const hidePosition = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hidePosition.current), []);
  // While columns run on under the pinned Actions, its edge casts a shadow: the list scrolls sideways.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element) markHiddenColumns(element);
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    markHiddenColumns(event.currentTarget);
    const { scrollTop, clientHeight } = event.currentTarget;
    const top = cards ? 0 : HEADER_HEIGHT;
    const first = Math.floor(scrollTop / itemHeight) + 1;
    const last = Math.min(rows.length, Math.ceil((scrollTop + clientHeight - top) / itemHeight));
    setPosition(rows.length > 0 && first <= last ? { first, last } : null);
    clearTimeout(hidePosition.current);
    hidePosition.current = setTimeout(() => setPosition(null), POSITION_SHOWN_MS);
  };

  return (
    <div className={classes.frame}>
      <DataTableToolbar
        searchInput={list.searchInput}
        onSearch={list.setSearchInput}
        onSearchCommit={list.commitSearch}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        filtersActive={list.isActive}
        onClearAll={list.clearAll}
        total={firstLoad || query.isError ? undefined : total}
        totalCapped={capped}
        refreshing={query.isFetching && !firstLoad && !isFetchingNextPage}
      >
        {listId && (
          <Suspense fallback={null}>
            <ViewPicker list={listId} params={list.params} onApply={list.replaceParams} />
            <ColumnChooser
              list={listId}
              columns={chosen.choosable}
              shown={chosen.shown}
              onChange={chosen.choose}
            />
          </Suspense>
        )}
        {toolbarShown &&
          (typeof toolbar === 'function'
            ? toolbar(list.params, { total, capped, loaded: rows.length })
            : toolbar)}
      </DataTableToolbar>
      {cards && (
        <CardControls
          columns={columns}
          sort={list.state.sort}
          filters={list.state.filters}
          onToggleSort={list.toggleSort}
          onFilter={list.setFilter}
          selectAll={selectAll}
        />
      )}
      {/* A mouse target only: each row's name is its link for keyboards (row-click.ts). */}
      <div
        ref={scrollRef}
        className={classes.scroller}
        style={{ height: scrollerHeight }}
        onScroll={onScroll}
        onMouseOver={showWholeValue}
        onFocus={showWholeValue}
        onClick={rowHref ? openRow : undefined}
        onAuxClick={rowHref ? openRow : undefined}
      >
        {cards ? (
          <ul
            className={classes.cardList}
            style={{ height: virtualizer.getTotalSize() }}
            aria-busy={query.isFetching}
          >
            {items.map((item) => {
              const row = rows[item.index];
              const style = { height: itemHeight, transform: `translateY(${item.start}px)` };
              if (row === undefined) {
                return (
                  <li key="loading-more" className={classes.card} style={style}>
                    <Center h="100%">
                      <Loader size="sm" aria-label="Loading more rows" />
                    </Center>
                  </li>
                );
              }
              const id = getRowId(row);
              return (
                <DataTableCard
                  key={id}
                  row={row}
                  id={id}
                  style={style}
                  columns={columns}
                  href={rowHref?.(row)}
                  checkbox={checkboxOf(row, id)}
                />
              );
            })}
          </ul>
        ) : (
          <table
            className={classes.table}
            style={{ minWidth }}
            aria-rowcount={total + 1}
            aria-busy={query.isFetching}
          >
            <thead className={classes.head}>
              <tr className={classes.row} style={{ gridTemplateColumns }} aria-rowindex={1}>
                {selectAll && <SelectAllCheckbox {...selectAll} />}
                {columns.map((column) => (
                  <HeaderCell
                    key={column.key}
                    column={column}
                    sort={list.state.sort}
                    filter={list.state.filters[column.key]}
                    onToggleSort={list.toggleSort}
                    onFilter={list.setFilter}
                    pinned={column.key === PINNED_COLUMN}
                    resize={
                      column.key === PINNED_COLUMN
                        ? undefined
                        : {
                            width: resizing.widths[column.key],
                            onPreview: (px) => resizing.preview(column.key, px),
                            onCommit: (px) => resizing.commit(column.key, px),
                            onReset: () => resizing.reset(column.key),
                          }
                    }
                  />
                ))}
              </tr>
            </thead>
            <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rows[item.index];
                const style = rowStyle(gridTemplateColumns, rowHeight, item.start);
                if (row === undefined) return <LoadingMoreRow key="loading-more" style={style} />;
                const id = getRowId(row);
                return (
                  <DataTableRow
                    key={id}
                    row={row}
                    id={id}
                    index={item.index}
                    style={style}
                    columns={columns}
                    href={rowHref?.(row)}
                    checkbox={checkboxOf(row, id)}
                    onToggleRow={onToggleRow}
                  />
                );
              })}
            </tbody>
          </table>
        )}
        {firstLoad && (
          <Center h={bodyHeight}>
            <Loader aria-label="Loading" />
          </Center>
        )}
        {showEmpty && (
          <div className={classes.overlay} style={{ height: bodyHeight }}>
            {emptyState}
          </div>
        )}
        {query.isError && rows.length === 0 && (
          <div className={classes.overlay} style={{ height: bodyHeight }}>
            <Text c="red">{loadErrorMessage}</Text>
          </div>
        )}
      </div>
      {position && total > 0 && (
        <PositionIndicator first={position.first} last={position.last} total={total} capped={capped} />
      )}
    </div>
  );
}
