import { useQuery } from '@tanstack/react-query';
import { userKeys } from './user-keys';
import { fetchUser } from './users-api';

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchUser(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
