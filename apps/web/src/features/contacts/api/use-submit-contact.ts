import { contactMessages } from '@crm/domain';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { CreateContactPayload } from './create-contact';
import { useCreateContact } from './use-create-contact';

/**
 * Creates the contact and toasts the outcome; resolves to undefined on success (after `onCreated`)
 * or to the server's field messages on failure.
 */
export function useSubmitContact(onCreated: () => void) {
  const create = useCreateContact();
  return async (payload: CreateContactPayload): Promise<Record<string, string> | undefined> => {
    try {
      await create.mutateAsync(payload);
      toast.success(contactMessages.created(payload.type));
      onCreated();
      return undefined;
    } catch (error) {
      toast.error(errorMessage(error, contactMessages.saveFailed));
      return fieldErrorsOf(error);
    }
  };
}
