import { useQuery } from '@tanstack/react-query';
import { dealKeys } from './deal-keys';
import { fetchAgencyDeals, fetchContactDeals } from './deals-api';

/** A contact's deals (under dealKeys.all, so any deal's change refreshes the tab). */
export function useContactDeals(contactId: number) {
  return useQuery({
    queryKey: dealKeys.ofContact(contactId),
    queryFn: ({ signal }) => fetchContactDeals(contactId, signal),
  });
}

/** A partner's referred deals, its referred revenue and the commission earned on it. */
export function useAgencyDeals(agencyId: number) {
  return useQuery({
    queryKey: dealKeys.ofAgency(agencyId),
    queryFn: ({ signal }) => fetchAgencyDeals(agencyId, signal),
  });
}
