import type { LiveQueries } from '../../lib/live-queries';
import { contactKeys } from './api/contact-keys';

export const contactLiveQueries: LiveQueries = {
  // Lists, details and pickers alike: the event does not say what changed.
  contact: () => [contactKeys.all],
  // The agency picker lists partners by name.
  agency: () => [contactKeys.allAgencyOptions],
  // The assignee picker lists active users, and the lists name each contact's creator and assignee.
  // User events are rare (an account edited, a profile saved) and only a list on screen refetches,
  // so a rename reaches the lists at little cost.
  user: () => [contactKeys.assignableUsers, contactKeys.lists],
};
