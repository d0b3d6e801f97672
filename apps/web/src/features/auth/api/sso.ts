import type { SsoLoginOptions } from '@crm/domain';
import { API_BASE, apiJson } from '../../../lib/api-client';
import type { SignedIn } from './login';

/** A plain link: the browser leaves for the provider and comes back through the server. */
export const SSO_START_URL = `${API_BASE}/auth/sso/start`;

/** GET /api/auth/sso: whether to offer the provider's button, and the password form to whom. */
export function fetchSsoOptions(signal?: AbortSignal): Promise<SsoLoginOptions> {
  return apiJson<SsoLoginOptions>('/auth/sso', { signal, token: null, expireOn401: false });
}

/** Trades the callback's one-time code for the session. */
export function redeemSsoCode(code: string): Promise<SignedIn> {
  return apiJson<SignedIn>('/auth/sso/session', {
    method: 'POST',
    body: { code },
    token: null,
    expireOn401: false,
  });
}
