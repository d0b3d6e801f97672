import { type AppConfig, useAppConfig } from '../../../lib/app-config';

export type ContactFeatures = AppConfig['features'];

const NO_OPTIONAL_FIELDS: ContactFeatures = { serviceCategory: false, roomNumber: false };
const features = (config: AppConfig) => config.features;

/** Which optional contact fields this deployment shows; none until the config has loaded. */
export function useContactFeatures(): ContactFeatures {
  return useAppConfig(features).data ?? NO_OPTIONAL_FIELDS;
}
