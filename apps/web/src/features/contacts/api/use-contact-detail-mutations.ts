import { type ContactFieldsInput, contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordParent, recordTabKeys } from '../../../components/record-tabs';
import { errorMessage, staleRecordOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteContact, updateContact } from './contact-detail-api';
import { contactDetailKeys } from './contact-detail-keys';
import { contactKeys } from './contact-keys';
import type { Contact } from './contact-types';

/**
 * After a save or a conversion: the answer replaces the contact shown, the lists and the
 * duplicate check run again, and so does the history.
 */
export function useStoreSavedContact() {
  const queryClient = useQueryClient();
  return async (saved: Contact) => {
    queryClient.setQueryData(contactDetailKeys.detail(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: contactKeys.all,
        predicate: (query) => query.queryKey[2] !== saved.id || query.queryKey[1] !== 'detail',
      }),
      queryClient.invalidateQueries({ queryKey: contactDetailKeys.duplicates(saved.id) }),
      queryClient.invalidateQueries({ queryKey: recordTabKeys.history(recordParent('contacts', saved.id)) }),
    ]);
  };
}

/** PUT the edited fields; 'Contact updated', else 'Update failed' (field messages go on the fields). */
export function useUpdateContact(id: number) {
  const store = useStoreSavedContact();
  return useMutation({
    mutationFn: (body: Partial<ContactFieldsInput> & { version: number }) => updateContact(id, body),
    onSuccess: async (saved) => {
      toast.success(contactMessages.updated);
      await store(saved);
    },
    // A conflict is explained in the dialog itself, with the offer to reload.
    onError: (error) => {
      if (!staleRecordOf(error)) toast.error(contactMessages.updateFailed);
    },
  });
}

/** The admin's delete: 'Contact deactivated!', else the server's error or 'Failed to deactivate contact'. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: async () => {
      toast.success(contactMessages.deactivated);
      // The screen leaves for the list, which loads afresh; nothing shown needs loading now.
      await queryClient.invalidateQueries({ queryKey: contactKeys.all, refetchType: 'none' });
    },
    onError: (error) => toast.error(errorMessage(error, contactMessages.deactivateFailed)),
  });
}
