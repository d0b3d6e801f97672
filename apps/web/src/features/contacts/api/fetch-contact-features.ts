import { apiJson } from '../../../lib/api-client';

/** The deployment's optional contact fields (GET /api/config). */
export interface ContactFeatures {
  serviceCategory: boolean;
  roomNumber: boolean;
}

export async function fetchContactFeatures(signal?: AbortSignal): Promise<ContactFeatures> {
  const config = await apiJson<{ features: ContactFeatures }>('/config', { signal });
  return config.features;
}
