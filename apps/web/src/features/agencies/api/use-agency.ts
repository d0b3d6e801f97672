import { useQuery } from '@tanstack/react-query';
import { fetchAgency, fetchAgencyDuplicates } from './agencies-api';
import { agencyKeys } from './agency-keys';

export function useAgency(id: number | undefined) {
  return useQuery({
    queryKey: agencyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAgency(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** 002 §4 duplicate check; a failure is only logged (002 §8), so it never retries noisily. */
export function useAgencyDuplicates(id: number | undefined) {
  return useQuery({
    queryKey: agencyKeys.duplicates(id ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAgencyDuplicates(id ?? 0, signal);
      } catch (error) {
        if (!signal.aborted) console.error('Duplicate check failed', error);
        throw error;
      }
    },
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}
