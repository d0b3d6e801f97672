export { localDayStart } from './task-api';
export { TaskFormModal } from './task-form-modal';
export { taskKeys } from './task-keys';
export { TaskList } from './task-list';
export type { Task, TaskRecord, TaskSummary } from './task-types';
export { useMyTasks, useRecordTasks, useTaskSummary } from './use-tasks';
