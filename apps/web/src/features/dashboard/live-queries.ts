import type { LiveQueries } from '../../lib/live-queries';
import { dashboardKeys } from './api/dashboard-keys';

export const dashboardLiveQueries: LiveQueries = {
  // The lead and customer counts, the charts and the recent activities are all about contacts.
  contact: () => [dashboardKeys.all],
  // The Agencies card counts active agencies.
  agency: () => [dashboardKeys.count('agencies')],
  // The deal cards: the open pipeline and the weighted forecast.
  deal: () => [dashboardKeys.deals],
  'deal-stage': () => [dashboardKeys.deals],
};
