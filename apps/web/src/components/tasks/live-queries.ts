import type { LiveQueries } from '../../lib/live-queries';
import { recordParent } from '../record-tabs/record-types';
import { taskKeys } from './task-keys';

export const taskLiveQueries: LiveQueries = {
  task: () => [taskKeys.all],
  // A contact's tasks name it, and deactivating it hides them from non-admins.
  contact: ({ id }) => [taskKeys.record(recordParent('contacts', id).basePath)],
  // Likewise a deal's, which a plain user reaches only while the deal is theirs and active.
  deal: ({ id }) => [taskKeys.record(recordParent('deals', id).basePath)],
  // The assignee picker lists active users.
  user: () => [taskKeys.assignees],
};
