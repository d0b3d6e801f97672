export { CellText, cellLink, cellValue } from './cell-text';
export { DataTable } from './data-table';
export { RowMenu, type RowMenuItem } from './row-menu';
export type {
  ColumnFilterConfig,
  DataTableColumn,
  DataTableProps,
  FetchPage,
  FilterOption,
  ListTotals,
  RowId,
  RowLayout,
  RowSelection,
} from './types';
export { nextSort } from './use-list-state';
