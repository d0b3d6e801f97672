import { call } from './contacts.js';
import type { SignedIn, TestApp } from './test-app.js';

/** A task as the API answers it. */
export interface TaskJson {
  id: number;
  title: string;
  description: string;
  dueAt: string | null;
  priority: 'low' | 'normal' | 'high';
  state: 'open' | 'done';
  assignee: { id: number; name: string };
  creator: { id: number; name: string };
  record: { kind: 'contact' | 'agency'; id: number; name: string; path: string } | null;
  completedAt: string | null;
}

export interface NotificationJson {
  id: number;
  kind: string;
  text: string;
  actor: { name: string } | null;
  taskId: number | null;
  record: { kind: string; id: number; path: string } | null;
  path: string;
  read: boolean;
}

export async function createTask(
  t: TestApp,
  who: SignedIn,
  payload: Record<string, unknown>,
): Promise<TaskJson> {
  const res = await call(t, 'POST', '/api/tasks', who, payload);
  if (res.statusCode !== 201) throw new Error(`create task failed: ${res.statusCode} ${res.body}`);
  return res.json<TaskJson>();
}

export const updateTask = (t: TestApp, who: SignedIn, id: number, payload: Record<string, unknown>) =>
  call(t, 'PATCH', `/api/tasks/${id}`, who, payload);

export async function notificationsOf(t: TestApp, who: SignedIn): Promise<NotificationJson[]> {
  const res = await call(t, 'GET', '/api/notifications', who);
  if (res.statusCode !== 200) throw new Error(`notifications failed: ${res.statusCode} ${res.body}`);
  return res.json<NotificationJson[]>();
}

export async function unreadCount(t: TestApp, who: SignedIn): Promise<number> {
  const res = await call(t, 'GET', '/api/notifications/unread-count', who);
  return res.json<{ count: number }>().count;
}

/** An ISO time `minutes` from now. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
