import type { LiveQueries } from '../../lib/live-queries';
import { agencyKeys } from './api/agency-keys';

export const agencyLiveQueries: LiveQueries = {
  agency: () => [agencyKeys.all],
  // An agency's staff, contacts and customers are contacts; the event does not say whose agency.
  contact: () => [agencyKeys.details],
  // The sales-rep picker lists active users.
  user: () => [agencyKeys.salesReps],
};
