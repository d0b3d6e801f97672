import type { LiveQueries } from '../../lib/live-queries';
import { recordParent } from '../record-tabs/record-types';
import { taskKeys } from './task-keys';

export const taskLiveQueries: LiveQueries = {
  task: () => [taskKeys.all],
  // A contact's tasks name it, and deactivating it hides them from non-admins.
  contact: ({ id }) => [taskKeys.record(recordParent('contacts', id).basePath)],
  // The assignee picker lists active users.
  user: () => [taskKeys.assignees],
};
