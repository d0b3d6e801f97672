export type { BulkAction, BulkList, BulkTarget } from './bulk-api';
export { type BulkOutcome, runBulk, toastWithUndo, UNDO_MS } from './run-bulk';
export { SelectAllMatching } from './select-all-matching';
export { useBulkUndo } from './use-bulk-undo';
