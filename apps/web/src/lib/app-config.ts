import { useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';

/** What the deployment says of itself (GET /api/config): fetched once per visit, shared by every screen. */
export interface AppConfig {
  variant: string;
  /** The optional contact fields this deployment shows. */
  features: { serviceCategory: boolean; roomNumber: boolean };
  /** Whether the daily task digest is sent (SMTP is set up). */
  emailDigest: boolean;
  /** Whose numbers a phone without a calling code is, as imports read it. */
  defaultCountry: string;
  /** The installation's one currency for deals (ISO 4217). */
  currency: string;
}

export const appConfigKey = ['config'] as const;

const fetchAppConfig = (signal?: AbortSignal) => apiJson<AppConfig>('/config', { signal });

/**
 * One piece of the configuration, from one request however many screens ask: each reader selects
 * its part of the same cached answer.
 */
export function useAppConfig<T>(select: (config: AppConfig) => T) {
  return useQuery({
    queryKey: appConfigKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    select,
  });
}
