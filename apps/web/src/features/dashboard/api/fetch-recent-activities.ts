import { apiJson } from '../../../lib/api-client';
import type { ContactActivity } from './dashboard-types';

/** 000 §9: the dashboard asks for the 50 newest activities. */
export const RECENT_ACTIVITIES_LIMIT = 50;

export function fetchRecentActivities(signal?: AbortSignal): Promise<ContactActivity[]> {
  return apiJson<ContactActivity[]>('/contacts/recent', {
    params: new URLSearchParams({ limit: String(RECENT_ACTIVITIES_LIMIT) }),
    signal,
  });
}
