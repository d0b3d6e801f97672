import type { TwoFactorSetup, TwoFactorStatus } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export const twoFactorKey = ['two-factor', 'me'] as const;

export function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>('/auth/two-factor', { signal });
}

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('/auth/two-factor/setup', { method: 'POST', body: {} });
}

export function confirmTwoFactor(code: string): Promise<{ recoveryCodes: string[] }> {
  return apiJson('/auth/two-factor/confirm', { method: 'POST', body: { code } });
}

/** A wrong password or code answers 400, not 401: the session stays. */
export function disableTwoFactor(body: { code: string } | { password: string }): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>('/auth/two-factor/disable', { method: 'POST', body });
}
