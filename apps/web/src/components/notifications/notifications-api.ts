import type { NotificationPreferences } from '@crm/domain';
import { apiJson } from '../../lib/api-client';

/** A notification as the API answers it (apps/server/src/modules/notifications). */
export interface AppNotification {
  id: number;
  kind: string;
  text: string;
  actor: { name: string } | null;
  taskId: number | null;
  record: { kind: 'contact' | 'agency' | 'deal'; id: number; path: string } | null;
  /** Where opening it leads: its record, its import's page, or My Tasks. */
  path: string;
  read: boolean;
  createdAt: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  unread: ['notifications', 'unread-count'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const fetchLatest = (signal?: AbortSignal) =>
  apiJson<AppNotification[]>('/notifications', { params: new URLSearchParams({ limit: '20' }), signal });

export const fetchUnreadCount = (signal?: AbortSignal) =>
  apiJson<{ count: number }>('/notifications/unread-count', { signal });

export const readNotification = (id: number) => apiJson<void>(`/notifications/${id}/read`, { method: 'PUT' });

export const readAllNotifications = () => apiJson<void>('/notifications/read-all', { method: 'PUT' });

export const fetchPreferences = (signal?: AbortSignal) =>
  apiJson<NotificationPreferences>('/notifications/preferences', { signal });

export const savePreferences = (changes: Partial<NotificationPreferences>) =>
  apiJson<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body: changes });
