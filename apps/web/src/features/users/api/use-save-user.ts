import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from './user-keys';
import { saveUser, type UserEdit, type UserPayload } from './users-api';

export function useSaveUser(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPayload | UserEdit) => saveUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
