import type { ColumnFilter } from '@crm/domain';
import { Text } from '@mantine/core';
import { ColumnFilterPopover } from './column-filter-popover';
import { ColumnResizeHandle } from './column-resize-handle';
import classes from './data-table.module.css';
import { SortToggle } from './sort-toggle';
import type { ColumnSort, DataTableColumn } from './types';

/** What a header draws of its column. */
export type HeaderColumn = Pick<DataTableColumn<unknown>, 'key' | 'header' | 'sortable' | 'filter' | 'align'>;

interface HeaderCellProps {
  column: HeaderColumn;
  sort: ColumnSort | undefined;
  filter: ColumnFilter | undefined;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, filter: ColumnFilter | undefined) => void;
  /** A table header, or a control of the cards' toolbar (screens under 768 px). */
  as?: 'th' | 'div';
  pinned?: boolean;
  /** A table header's column can be resized: its width as the person gave it, and what to do. */
  resize?: {
    width: number | undefined;
    onPreview: (px: number) => void;
    onCommit: (px: number) => void;
    onReset: () => void;
  };
}

/** Title (a sort toggle when sortable) and filter button; the title wraps, the button never moves over it. */
export function HeaderCell({
  column,
  sort,
  filter,
  onToggleSort,
  onFilter,
  as: Element = 'th',
  pinned,
  resize,
}: HeaderCellProps) {
  const order = sort?.column === column.key ? sort.order : undefined;
  const ariaSort = order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined;
  return (
    <Element
      className={Element === 'th' ? classes.headerCell : classes.cardControl}
      aria-sort={Element === 'th' && column.sortable ? (ariaSort ?? 'none') : undefined}
      data-pinned={pinned || undefined}
      data-align={column.align}
    >
      {column.sortable ? (
        <SortToggle header={column.header} order={order} onToggle={() => onToggleSort(column.key)} />
      ) : (
        <Text span size="sm" fw={600} className={classes.headerText}>
          {column.header}
        </Text>
      )}
      {column.filter && (
        <ColumnFilterPopover
          header={column.header}
          config={column.filter}
          value={filter}
          onChange={(next) => onFilter(column.key, next)}
        />
      )}
      {resize && Element === 'th' && <ColumnResizeHandle header={column.header} {...resize} />}
    </Element>
  );
}
