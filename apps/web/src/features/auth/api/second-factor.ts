import type { TwoFactorSetup } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';
import type { SignedIn } from './login';

// Before there is a session: no token is sent, and a 401 is a refused code, not an ended session.
const open = { method: 'POST', token: null, expireOn401: false } as const;

/** POST /api/auth/login/second-factor: a code or a recovery code finishes the sign-in. */
export function completeSignIn(
  body: { challenge: string; code: string } | { challenge: string; recoveryCode: string },
): Promise<SignedIn> {
  return apiJson<SignedIn>('/auth/login/second-factor', { ...open, body });
}

/** A required second factor, set up during sign-in. */
export function startSetupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('/auth/login/second-factor/setup', { ...open, body: { challenge } });
}

export function confirmSetupAtSignIn(
  challenge: string,
  code: string,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  return apiJson('/auth/login/second-factor/confirm', { ...open, body: { challenge, code } });
}
