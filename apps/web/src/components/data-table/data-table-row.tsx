import { Loader } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import classes from './data-table.module.css';
import { RowCheckbox } from './selection-checkbox';
import type { DataTableColumn, RowId } from './types';

const ROW_CLASS = `${classes.row} ${classes.bodyRow}`;
const ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
/**
 * The height of a row of every list: one line of text with room around it, so that a 900 px window
 * shows about fifteen rows. The virtualizer places rows at exactly this height.
 */
export const ROW_HEIGHT = 40;
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
  /** The record this row opens when clicked (see row-click.ts). */
  href?: string;
  /** Present when rows can be selected. */
  checkbox?: { label: string; checked: boolean };
  /** The same function for every row and every render, so that a row renders again only when it changes. */
  onToggleRow?: (id: RowId) => void;
}

/**
 * A row renders again only when what it shows changes: its record, its place, its columns or its
 * checkbox. A search or a sort re-renders the list on every change of the URL, and the rows it keeps
 * cost nothing then; with a dozen components per row that was most of the time between an answer
 * and its rows on the screen.
 */
function sameRow<T>(before: DataTableRowProps<T>, after: DataTableRowProps<T>): boolean {
  return (
    before.row === after.row &&
    before.id === after.id &&
    before.index === after.index &&
    before.columns === after.columns &&
    before.href === after.href &&
    before.onToggleRow === after.onToggleRow &&
    before.checkbox?.checked === after.checkbox?.checked &&
    before.checkbox?.label === after.checkbox?.label &&
    before.style.height === after.style.height &&
    before.style.transform === after.style.transform &&
    before.style.gridTemplateColumns === after.style.gridTemplateColumns
  );
}

export const DataTableRow = memo(function DataTableRow<T>({
  row,
  id,
  index,
  style,
  columns,
  href,
  checkbox,
  onToggleRow,
}: DataTableRowProps<T>) {
  return (
    <tr
      className={ROW_CLASS}
      style={style}
      aria-rowindex={index + 2}
      aria-selected={checkbox ? checkbox.checked : undefined}
      data-selected={checkbox?.checked || undefined}
      data-row-id={id}
      data-href={href}
    >
      {checkbox && <RowCheckbox {...checkbox} onToggle={() => onToggleRow?.(id)} />}
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
}, sameRow) as <T>(props: DataTableRowProps<T>) => React.ReactElement;

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
