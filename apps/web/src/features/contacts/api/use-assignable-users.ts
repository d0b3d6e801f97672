import { userScreenMessages } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { contactKeys } from './contact-keys';
import { fetchAssignableUsers } from './fetch-assignable-users';

/** The users a contact can be assigned to, loaded when the reassign dialog opens. */
export function useAssignableUsers(enabled: boolean) {
  const query = useQuery({
    queryKey: contactKeys.assignableUsers,
    queryFn: ({ signal }) => fetchAssignableUsers(signal),
    enabled,
    staleTime: 0,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(userScreenMessages.loadUsersFailed);
  }, [isError, errorUpdatedAt]);
  return query;
}
