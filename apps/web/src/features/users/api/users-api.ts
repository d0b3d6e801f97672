import type { ListQuery, UpdateUser, User } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import { fetchListPage, type ListPage } from '../../../lib/list-page';

export function fetchUsersPage(query: ListQuery, signal: AbortSignal): Promise<ListPage<User>> {
  return fetchListPage<User>('/users', query, signal);
}

export function fetchUser(id: number, signal?: AbortSignal): Promise<User> {
  return apiJson<User>(`/users/${id}`, { signal });
}

/** The user form's body; on create the form has already required the password. */
export type UserPayload = UpdateUser;

/** POST /api/users when creating, PUT /api/users/update-user/{id} when editing. */
export function saveUser(id: number | undefined, body: UserPayload): Promise<User> {
  return id === undefined
    ? apiJson<User>('/users', { method: 'POST', body })
    : apiJson<User>(`/users/update-user/${id}`, { method: 'PUT', body });
}

export type ActiveAction = 'activate' | 'deactivate';

export function setUserActive(id: number, action: ActiveAction): Promise<User | undefined> {
  return apiJson<User | undefined>(`/users/${id}/${action}`, { method: 'PUT' });
}
