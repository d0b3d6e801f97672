import type { TwoFactorPolicy, TwoFactorStatus } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export const twoFactorAdminKeys = {
  policy: ['two-factor', 'policy'] as const,
  user: (id: number) => ['two-factor', 'user', id] as const,
};

export function fetchTwoFactorPolicy(signal?: AbortSignal): Promise<{ required: TwoFactorPolicy }> {
  return apiJson('/settings/two-factor', { signal });
}

export function saveTwoFactorPolicy(required: TwoFactorPolicy): Promise<{ required: TwoFactorPolicy }> {
  return apiJson('/settings/two-factor', { method: 'PUT', body: { required } });
}

export function fetchUserTwoFactor(id: number, signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>(`/users/${id}/two-factor`, { signal });
}

export function resetUserTwoFactor(id: number): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>(`/users/${id}/two-factor/reset`, { method: 'POST', body: {} });
}
