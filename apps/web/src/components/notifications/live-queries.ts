import type { LiveQueries } from '../../lib/live-queries';
import { notificationKeys } from './notifications-api';

export const notificationLiveQueries: LiveQueries = {
  notification: () => [notificationKeys.all],
};
