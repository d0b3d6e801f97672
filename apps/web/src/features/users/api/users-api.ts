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
/** An edit of a loaded user: the changed fields and the version the form opened. */
export type UserEdit = Partial<UpdateUser> & { version: number };

/**
 * What an edit sends: only the fields that differ from the loaded user (the password when one was
 * typed), with its version, so that another admin's change to another field meanwhile is kept.
 * Without a known version the whole form goes, as the plain PUT.
 */
export function userEdit(loaded: Partial<User> | undefined, body: UserPayload): UserPayload | UserEdit {
  if (!loaded || loaded.version === undefined) return body;
  const digits = (phone: string | undefined) => (phone ?? '').replace(/\D/g, '');
  const edit: UserEdit = { version: loaded.version };
  if (body.firstName !== loaded.firstName) edit.firstName = body.firstName;
  if (body.surname !== loaded.surname) edit.surname = body.surname;
  if (digits(body.phone) !== digits(loaded.phone)) edit.phone = body.phone;
  if (body.email !== loaded.email) edit.email = body.email;
  if (body.role !== loaded.role) edit.role = body.role;
  if (body.isActive !== loaded.isActive) edit.isActive = body.isActive;
  if (body.password) edit.password = body.password;
  return edit;
}

/** POST /api/users when creating, PUT /api/users/update-user/{id} when editing. */
export function saveUser(id: number | undefined, body: UserPayload | UserEdit): Promise<User> {
  return id === undefined
    ? apiJson<User>('/users', { method: 'POST', body })
    : apiJson<User>(`/users/update-user/${id}`, { method: 'PUT', body });
}

export type ActiveAction = 'activate' | 'deactivate';

export function setUserActive(id: number, action: ActiveAction): Promise<User | undefined> {
  return apiJson<User | undefined>(`/users/${id}/${action}`, { method: 'PUT' });
}
