export { EditConflictNotice } from './edit-conflict-notice';
export { type EditConflict, useEditConflict } from './use-edit-conflict';
