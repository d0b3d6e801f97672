import { useQuery } from '@tanstack/react-query';
import { agencyKeys } from './agency-keys';
import { fetchAgencyContacts, fetchStaff } from './staff-api';

/** The staff list; a failure is only logged (002 §8 "Failed to fetch staff"). */
export function useStaff(agencyId: number) {
  return useQuery({
    queryKey: agencyKeys.staff(agencyId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchStaff(agencyId, signal);
      } catch (error) {
        if (!signal.aborted) console.error('Failed to fetch staff', error);
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function useAgencyContacts(agencyId: number, enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.contacts(agencyId),
    queryFn: ({ signal }) => fetchAgencyContacts(agencyId, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
