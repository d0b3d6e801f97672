import type { User } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export interface LoginAnswer {
  token: string;
  user: User;
}

/** POST /api/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiJson<LoginAnswer>('/auth/login', {
    method: 'POST',
    body: { email, password },
    token: null,
    expireOn401: false,
  });
}
