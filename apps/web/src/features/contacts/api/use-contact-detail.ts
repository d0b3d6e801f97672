import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchContact, fetchContactDuplicates } from './contact-detail-api';
import { contactDetailKeys } from './contact-detail-keys';
import type { Contact } from './contact-types';

/** The contact from the server; a whole contact passed in navigation state is shown meanwhile. */
export function useContactDetail(id: number, passed: Contact | undefined) {
  return useQuery({
    queryKey: contactDetailKeys.detail(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
    placeholderData: passed,
    staleTime: 0,
  });
}

/** Other contacts with the same name and surname, e-mail or phone; a failure is only logged. */
export function useContactDuplicates(id: number, enabled: boolean) {
  const query = useQuery({
    queryKey: contactDetailKeys.duplicates(id),
    queryFn: ({ signal }) => fetchContactDuplicates(id, signal),
    enabled,
    staleTime: 0,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Duplicate check failed', error);
  }, [error]);
  return query;
}
