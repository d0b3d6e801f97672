import { apiJson } from '../../../lib/api-client';

/** Whether the caller has a task calendar feed; its address is only answered when it is made. */
export interface CalendarFeedStatus {
  enabled: boolean;
  createdAt: string | null;
}

export interface CalendarFeedCreated {
  enabled: true;
  createdAt: string;
  /** The private address, shown once: the server keeps only a hash of its secret. */
  url: string;
}

export const calendarFeedKey = ['calendar-feed'] as const;

export const fetchCalendarFeed = (signal?: AbortSignal) =>
  apiJson<CalendarFeedStatus>('/calendar-feed', { signal });

/** Creates the feed, or a new address for it: the old address stops working at once. */
export const makeCalendarFeed = () => apiJson<CalendarFeedCreated>('/calendar-feed', { method: 'POST' });

export const turnOffCalendarFeed = () => apiJson<undefined>('/calendar-feed', { method: 'DELETE' });
