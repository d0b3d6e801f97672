import type { ColumnFilter } from '@crm/domain';
import { Group, Text } from '@mantine/core';
import { ColumnFilterPopover } from './column-filter-popover';
import classes from './data-table.module.css';
import { SortToggle } from './sort-toggle';
import type { ColumnSort, DataTableColumn } from './types';

interface HeaderCellProps<T> {
  column: DataTableColumn<T>;
  sort: ColumnSort | undefined;
  filter: ColumnFilter | undefined;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, filter: ColumnFilter | undefined) => void;
}

export function HeaderCell<T>({ column, sort, filter, onToggleSort, onFilter }: HeaderCellProps<T>) {
  const order = sort?.column === column.key ? sort.order : undefined;
  const ariaSort = order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined;
  return (
    <th className={classes.headerCell} aria-sort={column.sortable ? (ariaSort ?? 'none') : undefined}>
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
        {column.sortable ? (
          <SortToggle header={column.header} order={order} onToggle={() => onToggleSort(column.key)} />
        ) : (
          <Text span size="sm" fw={600}>
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
      </Group>
    </th>
  );
}
