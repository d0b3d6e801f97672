import type { SsoSettings, SsoSettingsInput } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export const ssoAdminKeys = { settings: ['sso', 'settings'] as const };

export function fetchSsoSettings(signal?: AbortSignal): Promise<SsoSettings> {
  return apiJson<SsoSettings>('/settings/sso', { signal });
}

/** The secret is sent only when typed; left out, the stored one is kept. */
export function saveSsoSettings(input: SsoSettingsInput): Promise<SsoSettings> {
  return apiJson<SsoSettings>('/settings/sso', { method: 'PUT', body: input });
}
