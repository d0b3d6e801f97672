import type { ColumnFilter } from '@crm/domain';
import { Drawer, Stack } from '@mantine/core';
import classes from './data-table.module.css';
import { HeaderCell, type HeaderColumn } from './header-cell';
import type { ColumnSort } from './types';

export interface SortFilterSheetProps {
  opened: boolean;
  onClose: () => void;
  columns: readonly HeaderColumn[];
  sort: ColumnSort | undefined;
  filters: Record<string, ColumnFilter>;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, filter: ColumnFilter | undefined) => void;
}

/** On a phone, every column's sort and filter in one sheet from the bottom, out of the cards' way. */
export function SortFilterSheet({
  opened,
  onClose,
  columns,
  sort,
  filters,
  onToggleSort,
  onFilter,
}: SortFilterSheetProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="bottom" size="auto" title="Sort & filter">
      <Stack gap={4} pb="md">
        {columns.map((column) => (
          <div key={column.key} className={classes.sheetRow}>
            <HeaderCell
              as="div"
              column={column}
              sort={sort}
              filter={filters[column.key]}
              onToggleSort={onToggleSort}
              onFilter={onFilter}
            />
          </div>
        ))}
      </Stack>
    </Drawer>
  );
}
