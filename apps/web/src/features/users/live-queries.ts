import type { LiveQueries } from '../../lib/live-queries';
import { userKeys } from './api/user-keys';

export const userLiveQueries: LiveQueries = {
  user: () => [userKeys.all],
};
