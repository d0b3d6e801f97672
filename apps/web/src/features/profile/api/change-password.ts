import type { ChangePasswordInput } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export interface ChangePasswordAnswer {
  message?: string;
  /** A fresh token: the server ends the user's other sessions on a password change. */
  token?: string;
}

export function changePassword(body: ChangePasswordInput): Promise<ChangePasswordAnswer | undefined> {
  return apiJson<ChangePasswordAnswer | undefined>('/users/change-password', { method: 'PUT', body });
}
