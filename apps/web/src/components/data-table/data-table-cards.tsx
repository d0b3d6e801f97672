import type { ColumnFilter } from '@crm/domain';
import { Button } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type CSSProperties, lazy, useState } from 'react';
import { MountWhenOpened } from '../mount-when-opened';
import classes from './data-table.module.css';
import { PINNED_COLUMN } from './data-table-row';
import { RowCheckbox, SelectAllCheckbox } from './selection-checkbox';
import type { ColumnSort, DataTableColumn, RowId } from './types';

// The sheet (a drawer) loads when first opened: the list itself does not need it.
const SortFilterSheet = lazy(async () => ({
  default: (await import('./sort-filter-sheet')).SortFilterSheet,
}));

/** Title row and padding of a card, and the height of one labelled field. */
const CARD_CHROME = 76;
const CARD_FIELD = 40;

/** Fields of a card: every column but the title (the first) and the actions. */
export function cardFields<T>(columns: readonly DataTableColumn<T>[]) {
  return columns.slice(1).filter((column) => column.key !== PINNED_COLUMN);
}

export function defaultCardHeight<T>(columns: readonly DataTableColumn<T>[]): number {
  return CARD_CHROME + CARD_FIELD * cardFields(columns).length;
}

interface CardControlsProps<T> {
  columns: readonly DataTableColumn<T>[];
  sort: ColumnSort | undefined;
  filters: Record<string, ColumnFilter>;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, filter: ColumnFilter | undefined) => void;
  selectAll?: { loadedCount: number; selectedCount: number; onToggle: () => void };
}

/**
 * Above the cards, one line: select all, and one button for a sheet with each column's sort and
 * filter, so that the first card shows without scrolling on a phone.
 */
export function CardControls<T>({
  columns,
  sort,
  filters,
  onToggleSort,
  onFilter,
  selectAll,
}: CardControlsProps<T>) {
  const [opened, setOpened] = useState(false);
  const controlled = columns.filter((column) => column.sortable || column.filter);
  const active = (sort ? 1 : 0) + Object.keys(filters).length;
  return (
    <div className={classes.cardControls}>
      {selectAll && <SelectAllCheckbox as="div" {...selectAll} />}
      {controlled.length > 0 && (
        <Button
          variant={active > 0 ? 'light' : 'default'}
          size="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => setOpened(true)}
        >
          {active > 0 ? `Sort & filter (${active})` : 'Sort & filter'}
        </Button>
      )}
      <MountWhenOpened opened={opened}>
        <SortFilterSheet
          opened={opened}
          onClose={() => setOpened(false)}
          columns={controlled}
          sort={sort}
          filters={filters}
          onToggleSort={onToggleSort}
          onFilter={onFilter}
        />
      </MountWhenOpened>
    </div>
  );
}

interface DataTableCardProps<T> {
  row: T;
  id: RowId;
  style: CSSProperties;
  columns: readonly DataTableColumn<T>[];
  /** The record this card opens when clicked (see row-click.ts). */
  href?: string;
  checkbox?: { label: string; checked: boolean; onToggle: () => void };
}

/** One row as a card: checkbox, title and actions on top, then each field with its column's name. */
export function DataTableCard<T>({ row, id, style, columns, href, checkbox }: DataTableCardProps<T>) {
  const [title] = columns;
  const actions = columns.find((column) => column.key === PINNED_COLUMN);
  return (
    <li
      className={classes.card}
      style={style}
      data-selected={checkbox?.checked || undefined}
      data-row-id={id}
      data-href={href}
    >
      <div className={classes.cardTitle}>
        {checkbox && <RowCheckbox as="div" {...checkbox} />}
        <div className={classes.cardTitleText}>{title?.render(row, 'card')}</div>
        {actions && <div>{actions.render(row, 'card')}</div>}
      </div>
      <dl className={classes.cardFields}>
        {cardFields(columns).map((column) => (
          <div key={column.key} className={classes.cardField}>
            <dt>{column.header}</dt>
            <dd>{column.render(row, 'card')}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
