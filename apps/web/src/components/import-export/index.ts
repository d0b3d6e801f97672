export { ExportButton } from './export-button';
export { EXPORT_COLUMNS, type ExportList, USER_SUMMARY_COLUMNS } from './export-columns';
export { ImportButton } from './import-button';
