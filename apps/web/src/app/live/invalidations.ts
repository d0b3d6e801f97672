import type { LiveEvent } from '@crm/domain';
import type { QueryKey } from '@tanstack/react-query';
import { notificationLiveQueries } from '../../components/notifications/live-queries';
import { recordTabLiveQueries } from '../../components/record-tabs/live-queries';
import { taskLiveQueries } from '../../components/tasks/live-queries';
import { agencyLiveQueries } from '../../features/agencies/live-queries';
import { contactLiveQueries } from '../../features/contacts/live-queries';
import { dashboardLiveQueries } from '../../features/dashboard/live-queries';
import { dealLiveQueries } from '../../features/deals/live-queries';
import { productLiveQueries } from '../../features/products/live-queries';
import { userLiveQueries } from '../../features/users/live-queries';
import type { LiveQueries } from '../../lib/live-queries';

/**
 * Every feature's say on which of its queries an event makes stale. The screens that show them
 * refetch; the others refetch when next opened. Their files import key builders only: this module
 * is part of the shell, which loads before any feature's screen.
 */
const LIVE_QUERIES: readonly LiveQueries[] = [
  contactLiveQueries,
  agencyLiveQueries,
  productLiveQueries,
  userLiveQueries,
  dashboardLiveQueries,
  dealLiveQueries,
  taskLiveQueries,
  recordTabLiveQueries,
  notificationLiveQueries,
];

function keysFor(event: LiveEvent): QueryKey[] {
  return LIVE_QUERIES.flatMap((queries) => queries[event.kind]?.(event) ?? []);
}

/** The distinct keys of a batch, so that a burst of events costs one refetch per screen. */
export function distinctKeys(events: LiveEvent[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const event of events) {
    for (const key of keysFor(event)) seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()];
}
