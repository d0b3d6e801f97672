import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contactKeys } from './contact-keys';
import { fetchAgencyOptions } from './fetch-agency-options';

/** Agencies matching the picker's search; a failure is only logged and the picker stays empty. */
export function useAgencyOptions(search: string) {
  const query = useQuery({
    queryKey: contactKeys.agencyOptions(search),
    queryFn: ({ signal }) => fetchAgencyOptions(search, signal),
    placeholderData: keepPreviousData,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load agencies', error);
  }, [error]);
  return query;
}
