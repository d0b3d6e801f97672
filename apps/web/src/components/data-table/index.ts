export { DataTable } from './data-table';
export type {
  ColumnFilterConfig,
  DataTableColumn,
  DataTableProps,
  FetchPage,
  FilterOption,
  RowId,
  RowLayout,
  RowSelection,
} from './types';
export { nextSort } from './use-list-state';
