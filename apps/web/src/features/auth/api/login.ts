import type { SecondFactorAnswer, User } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export interface SignedIn {
  token: string;
  user: User;
}

/** A session, or the second step still to do (a code, or setting two-factor sign-in up). */
export type LoginAnswer = SignedIn | SecondFactorAnswer;

/** POST /api/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiJson<LoginAnswer>('/auth/login', {
    method: 'POST',
    body: { email, password },
    token: null,
    expireOn401: false,
  });
}
