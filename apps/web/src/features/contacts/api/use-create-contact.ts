import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactKeys } from './contact-keys';
import { type CreateContactPayload, createContact } from './create-contact';

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactPayload) => createContact(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
