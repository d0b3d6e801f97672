import { DEFAULT_CURRENCY } from '@crm/domain';
import { type AppConfig, useAppConfig } from '../../../lib/app-config';

const currencyOf = (config: AppConfig) => config.currency;

/** The installation's currency for screens without a deal's answer at hand (the list, a new deal). */
export function useCurrency(): string {
  return useAppConfig(currencyOf).data ?? DEFAULT_CURRENCY;
}
