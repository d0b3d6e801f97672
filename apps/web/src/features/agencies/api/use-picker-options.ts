import { useQuery } from '@tanstack/react-query';
import { agencyKeys } from './agency-keys';
import { fetchParentOptions, fetchSalesRepOptions } from './picker-api';

export function useParentOptions(search: string) {
  return useQuery({
    queryKey: agencyKeys.options(search.trim()),
    queryFn: ({ signal }) => fetchParentOptions(search.trim(), signal),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function useSalesRepOptions() {
  return useQuery({
    queryKey: agencyKeys.salesReps,
    queryFn: ({ signal }) => fetchSalesRepOptions(signal),
    retry: false,
  });
}
