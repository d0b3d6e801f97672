import { Loader } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './data-table.module.css';
import { RowCheckbox } from './selection-checkbox';
import type { DataTableColumn, RowId } from './types';

const ROW_CLASS = `${classes.row} ${classes.bodyRow}`;
const ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
/** The row actions stay in view, pinned to the right edge, while a narrow window scrolls sideways. */
export const PINNED_COLUMN = 'actions';

/** Placement of a virtual row: its grid tracks, height and offset from the top. */
export function rowStyle(gridTemplateColumns: string, height: number, start: number): CSSProperties {
  return { gridTemplateColumns, height, transform: `translateY(${start}px)` };
}

interface DataTableRowProps<T> {
  row: T;
  id: RowId;
  index: number;
  style: CSSProperties;
  columns: readonly DataTableColumn<T>[];
  /** Present when rows can be selected. */
  checkbox?: { label: string; checked: boolean; onToggle: () => void };
}

export function DataTableRow<T>({ row, id, index, style, columns, checkbox }: DataTableRowProps<T>) {
  return (
    <tr
      className={ROW_CLASS}
      style={style}
      aria-rowindex={index + 2}
      aria-selected={checkbox ? checkbox.checked : undefined}
      data-selected={checkbox?.checked || undefined}
      data-row-id={id}
    >
      {checkbox && <RowCheckbox {...checkbox} />}
      {columns.map((column) => (
        <td
          key={column.key}
          className={classes.cell}
          data-pinned={column.key === PINNED_COLUMN || undefined}
          style={column.align ? { justifyContent: ALIGN[column.align] } : undefined}
        >
          {column.render(row, 'row')}
        </td>
      ))}
    </tr>
  );
}

/** The last virtual row while the next page loads. */
export function LoadingMoreRow({ style }: { style: CSSProperties }) {
  return (
    <tr className={ROW_CLASS} style={style}>
      <td className={classes.cell} style={{ gridColumn: '1 / -1', justifyContent: 'center' }}>
        <Loader size="sm" aria-label="Loading more rows" />
      </td>
    </tr>
  );
}
